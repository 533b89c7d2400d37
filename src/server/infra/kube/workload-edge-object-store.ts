import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig, type V1Service } from "@kubernetes/client-node";
import type { GatewayStatusView, RouteStatusView } from "@/server/domain/gateway-api/route-acceptance";
import { WORKLOAD_TLS_FIELD_MANAGER } from "@/server/domain/workload-edge/tls-objects";
import { WORKLOAD_EDGE_COMPONENT, WORKLOAD_EDGE_COMPONENT_LABEL } from "@/server/domain/workload-edge/workload-objects";
import type {
  CertificateReadiness,
  OwnedWorkloadEdgeObject,
  WorkloadEdgeManifest,
  WorkloadEdgeObjectStore,
} from "@/server/services/workload-edge/ports";
import { GatewayApiStatusReader } from "./gateway-api-status-reader";
import { callOptions, KubeApiError, kubeStatusOf, resourceNotServed } from "./kube-calls";

const DEFAULT_TIMEOUT_MS = 15_000;
// services/clusters/control-plane-provisioner.ts CLUSTER_ID_LABEL (infra imports only types from services).
const CLUSTER_ID_LABEL = "kubebyon.io/cluster-id";
const OWNED_SELECTOR = `${WORKLOAD_EDGE_COMPONENT_LABEL}=${WORKLOAD_EDGE_COMPONENT}`;

type OwnedKind = OwnedWorkloadEdgeObject["kind"];

interface Resource {
  /** "" for the core group (Service). */
  group: string;
  version: string;
  plural: string;
  /** What to install when the host does not serve it. */
  installs?: string;
}

const apiVersionOf = (r: Resource) => (r.group === "" ? r.version : `${r.group}/${r.version}`);

/** The kinds the syncer owns (listed and deleted by label), in the order listOwned reports them. */
const GATEWAY_API_CRDS = "the Gateway API CRDs (standard channel) and a Gateway controller";
const OWNED: Readonly<Record<OwnedKind, Resource>> = {
  HTTPRoute: { group: "gateway.networking.k8s.io", version: "v1", plural: "httproutes", installs: GATEWAY_API_CRDS },
  Service: { group: "", version: "v1", plural: "services" },
  EndpointSlice: { group: "discovery.k8s.io", version: "v1", plural: "endpointslices" },
  Certificate: { group: "cert-manager.io", version: "v1", plural: "certificates", installs: "cert-manager (or turn workload TLS off: KUBEBYON_WORKLOAD_TLS_ENABLED=false)" },
};
/** Applied, never listed or deleted: the platform only patches its listeners into the chart's Gateway. */
const GATEWAY: Resource = { group: "gateway.networking.k8s.io", version: "v1", plural: "gateways", installs: GATEWAY_API_CRDS };
const APPLIED: Readonly<Record<string, Resource>> = { ...OWNED, Gateway: GATEWAY };

interface ObjectMeta {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
}
interface ListedObject {
  metadata?: ObjectMeta;
}
interface CertificateObject {
  metadata?: ObjectMeta & { generation?: number };
  spec?: { dnsNames?: string[] };
  status?: { conditions?: Array<{ type?: string; status?: string; reason?: string; message?: string; observedGeneration?: number }> };
}

/**
 * WorkloadEdgeObjectStore on the host cluster's API (docs/workload-edge.md). Every write is a server-side
 * apply by WORKLOAD_TLS_FIELD_MANAGER with force: the objects are the platform's alone, and on the shared
 * Gateway the patch names only the platform's listeners, so entries other managers own (the chart's `http`,
 * applied by helm) stay theirs. Failures throw a KubeApiError with the apiserver's Status message.
 */
export class KubeWorkloadEdgeObjectStore implements WorkloadEdgeObjectStore {
  private readonly core: CoreV1Api;
  private readonly custom: CustomObjectsApi;
  private readonly timeoutMs: number;
  private readonly statuses: GatewayApiStatusReader;

  constructor(kubeConfig: KubeConfig, opts: { timeoutMs?: number } = {}) {
    this.core = kubeConfig.makeApiClient(CoreV1Api);
    this.custom = kubeConfig.makeApiClient(CustomObjectsApi);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.statuses = new GatewayApiStatusReader(this.custom, this.timeoutMs);
  }

  async apply(manifest: WorkloadEdgeManifest): Promise<void> {
    const resource = APPLIED[manifest.kind];
    const { name, namespace } = manifest.metadata;
    const what = `${manifest.kind} ${namespace}/${name}`;
    if (!resource || apiVersionOf(resource) !== manifest.apiVersion) {
      throw new Error(`the workload edge cannot apply ${manifest.apiVersion} ${what}: it applies only ${Object.entries(APPLIED).map(([k, r]) => `${apiVersionOf(r)} ${k}`).join(", ")}`);
    }
    const options = setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply, this.options());
    const params = {
      name,
      namespace,
      body: manifest,
      fieldManager: WORKLOAD_TLS_FIELD_MANAGER,
      // The platform's fields are its alone: take them back from anyone who edited them by hand.
      force: true,
      // A field the server does not know is a bug in a builder, not something to drop silently.
      fieldValidation: "Strict",
    };
    try {
      if (resource.group === "") await this.core.patchNamespacedService({ ...params, body: manifest as unknown as V1Service }, options);
      else await this.custom.patchNamespacedCustomObject({ ...params, group: resource.group, version: resource.version, plural: resource.plural }, options);
    } catch (err) {
      const failure = KubeApiError.from(err, `applying ${what}`);
      if (resourceNotServed(failure) && resource.group !== "") {
        // The apiserver's own answer is a bare "404 page not found": say which API is missing and what provides it.
        const explanation = `the host cluster does not serve ${resource.plural}.${resource.group}/${resource.version}: install ${resource.installs ?? "its CRDs"}`;
        throw new KubeApiError({ status: failure.status, reason: failure.reason, explanation, detail: explanation, action: `applying ${what}` }, { cause: err });
      }
      throw failure;
    }
  }

  async listOwned(): Promise<OwnedWorkloadEdgeObject[]> {
    const kinds = Object.keys(OWNED) as OwnedKind[];
    const lists = await Promise.all(kinds.map((kind) => this.listKind(kind)));
    return lists.flat();
  }

  async delete(object: OwnedWorkloadEdgeObject): Promise<void> {
    const resource = OWNED[object.kind];
    const { name, namespace } = object;
    try {
      if (resource.group === "") await this.core.deleteNamespacedService({ name, namespace }, this.options());
      else await this.custom.deleteNamespacedCustomObject({ group: resource.group, version: resource.version, plural: resource.plural, namespace, name }, this.options());
    } catch (err) {
      // Gone already (or its type is no longer served): either way the object does not exist.
      if (kubeStatusOf(err) === 404) return;
      throw KubeApiError.from(err, `deleting ${object.kind} ${namespace}/${name}`);
    }
  }

  async certificateReadiness(namespace: string, names: readonly string[]): Promise<Map<string, CertificateReadiness>> {
    const result = new Map<string, CertificateReadiness>();
    if (names.length === 0) return result;
    const { group, version, plural } = OWNED.Certificate;
    let items: CertificateObject[];
    try {
      // One list of the namespace rather than a read per name: the Gateway's namespace may hold many.
      const list = (await this.custom.listNamespacedCustomObject({ group, version, plural, namespace }, this.options())) as { items?: CertificateObject[] };
      items = list.items ?? [];
    } catch (err) {
      // Listing a namespace answers 404 only when cert-manager's CRDs are not installed: no Certificate exists.
      if (kubeStatusOf(err) === 404) return result;
      throw KubeApiError.from(err, `listing the Certificates in ${namespace}`);
    }
    const wanted = new Set(names);
    for (const certificate of items) {
      const name = certificate.metadata?.name;
      if (name === undefined || !wanted.has(name)) continue;
      result.set(name, readiness(certificate));
    }
    return result;
  }

  readRouteStatus(namespace: string, name: string): Promise<RouteStatusView | null> {
    return this.statuses.route("HTTPRoute", namespace, name);
  }

  readGatewayStatus(namespace: string, name: string): Promise<GatewayStatusView | null> {
    return this.statuses.gateway(namespace, name);
  }

  private async listKind(kind: OwnedKind): Promise<OwnedWorkloadEdgeObject[]> {
    const resource = OWNED[kind];
    let items: ListedObject[];
    try {
      if (resource.group === "") {
        items = (await this.core.listServiceForAllNamespaces({ labelSelector: OWNED_SELECTOR }, this.options())).items;
      } else {
        const list = (await this.custom.listClusterCustomObject(
          { group: resource.group, version: resource.version, plural: resource.plural, labelSelector: OWNED_SELECTOR },
          this.options(),
        )) as { items?: ListedObject[] };
        items = list.items ?? [];
      }
    } catch (err) {
      // A list across all namespaces answers 404 only when the API is not served (e.g. no cert-manager CRDs):
      // then there is nothing of that kind to own.
      if (kubeStatusOf(err) === 404) return [];
      throw KubeApiError.from(err, `listing the workload edge's ${kind} objects`);
    }
    return items.map((item) => ({
      apiVersion: apiVersionOf(resource),
      kind,
      namespace: item.metadata?.namespace ?? "",
      name: item.metadata?.name ?? "",
      clusterId: item.metadata?.labels?.[CLUSTER_ID_LABEL] ?? null,
    }));
  }

  private options() {
    return callOptions({ timeoutMs: this.timeoutMs });
  }
}

function readiness(certificate: CertificateObject): CertificateReadiness {
  const dnsNames = certificate.spec?.dnsNames ?? [];
  const condition = certificate.status?.conditions?.find((c) => c.type === "Ready");
  if (!condition) return { ready: false, message: "not issued yet", dnsNames };
  // cert-manager stamps the generation it looked at; a Ready from before the last spec change (a name added) is stale.
  const generation = certificate.metadata?.generation;
  const stale = condition.observedGeneration !== undefined && generation !== undefined && condition.observedGeneration < generation;
  if (stale) return { ready: false, message: "being re-issued for its changed names", dnsNames };
  const text = [condition.reason, condition.message].filter((s): s is string => typeof s === "string" && s !== "").join(": ");
  return { ready: condition.status === "True", message: text || `Ready=${condition.status ?? "Unknown"}`, dnsNames };
}
