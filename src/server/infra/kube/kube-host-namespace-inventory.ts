import { ApisApi, CoreV1Api, CustomObjectsApi, KubernetesObjectApi, PatchStrategy, type KubeConfig, type V1APIResource, type V1PersistentVolume } from "@kubernetes/client-node";
import type { FinalizerHolder, OrphanVolume } from "@/server/domain/clusters/orphan-report";
import type { HostNamespaceInventory, HostNamespaceState, HostVolumeClaim } from "@/server/services/clusters/host-namespace-inventory";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";
import { KubeRoutePlanStore, RoutePlanCrdMissingError } from "./route-plan-store";

// Each read is one apiserver round trip; a host that stops answering must not hang a console request or a job.
const CALL_TIMEOUT_MS = 20_000;

interface ListableResource {
  apiVersion: string;
  kind: string;
  /** The resource (plural) for the group-version path. */
  plural: string;
  group: string;
  version: string;
}

/** HostNamespaceInventory over client-node: CoreV1 for the namespace and volumes, discovery + CustomObjectsApi for the rest. */
export class KubeHostNamespaceInventory implements HostNamespaceInventory {
  static readonly implementation = "client-node (namespace status, PVCs/PVs, discovery of namespaced resources)";
  private readonly core: CoreV1Api;
  private readonly apis: ApisApi;
  private readonly custom: CustomObjectsApi;
  private readonly objects: KubernetesObjectApi;
  private readonly routePlans: KubeRoutePlanStore;

  constructor(deps: { kubeConfig: KubeConfig }) {
    this.core = deps.kubeConfig.makeApiClient(CoreV1Api);
    this.apis = deps.kubeConfig.makeApiClient(ApisApi);
    this.custom = deps.kubeConfig.makeApiClient(CustomObjectsApi);
    this.objects = KubernetesObjectApi.makeApiClient(deps.kubeConfig);
    this.routePlans = new KubeRoutePlanStore(deps.kubeConfig, { timeoutMs: CALL_TIMEOUT_MS });
  }

  async listRoutePlanNodes(clusterId: string): Promise<string[]> {
    try {
      const plans = await this.routePlans.listPlans();
      return plans.filter((p) => p.routes.some((r) => r.clusterId === clusterId)).map((p) => p.nodeName);
    } catch (err) {
      // Without the CRD (route plans off) no plan can carry the cluster's routes.
      if (err instanceof RoutePlanCrdMissingError) return [];
      throw err;
    }
  }

  async readNamespace(namespace: string): Promise<HostNamespaceState> {
    try {
      const ns = await this.core.readNamespace({ name: namespace }, callOptions({ timeoutMs: CALL_TIMEOUT_MS }));
      return {
        present: true,
        phase: ns.status?.phase ?? null,
        conditions: (ns.status?.conditions ?? []).map((c) => ({ type: c.type, status: c.status, message: c.message })),
        specFinalizers: ns.spec?.finalizers ?? [],
      };
    } catch (err) {
      if (kubeStatusOf(err) === 404) return { present: false };
      throw KubeApiError.from(err, `reading namespace ${namespace}`);
    }
  }

  async listClaims(namespace: string): Promise<HostVolumeClaim[]> {
    const claims = await this.call(`listing the PersistentVolumeClaims of ${namespace}`, () =>
      this.core.listNamespacedPersistentVolumeClaim({ namespace }, callOptions({ timeoutMs: CALL_TIMEOUT_MS })),
    );
    const volumes = new Map((await this.listVolumes()).map((pv) => [pv.metadata?.name ?? "", pv]));
    return claims.items.map((claim) => {
      const bound = claim.spec?.volumeName ? volumes.get(claim.spec.volumeName) : undefined;
      return { name: claim.metadata?.name ?? "", volume: bound ? toOrphanVolume(bound) : null };
    });
  }

  async listVolumesClaimedFrom(namespace: string): Promise<OrphanVolume[]> {
    return (await this.listVolumes()).filter((pv) => pv.spec?.claimRef?.namespace === namespace).map(toOrphanVolume);
  }

  async listFinalizerHolders(namespace: string): Promise<FinalizerHolder[]> {
    const holders: FinalizerHolder[] = [];
    for (const resource of await this.namespacedResources()) {
      let items: Array<{ metadata?: { name?: string; finalizers?: string[] } }>;
      try {
        // The object API builds the core (/api/v1) and group (/apis/<g>/<v>) paths alike.
        items = (await this.objects.list(resource.apiVersion, resource.kind, namespace)).items;
      } catch (err) {
        // A resource the identity may not list (or that vanished since discovery) holds nothing we could see.
        if ([403, 404, 405].includes(kubeStatusOf(err) ?? 0)) continue;
        throw KubeApiError.from(err, `listing ${resource.plural} in ${namespace}`);
      }
      for (const item of items) {
        const finalizers = item.metadata?.finalizers ?? [];
        if (finalizers.length > 0) holders.push({ api_version: resource.apiVersion, kind: resource.kind, name: item.metadata?.name ?? "", finalizers });
      }
    }
    return holders;
  }

  async removeFinalizers(namespace: string, holders: readonly FinalizerHolder[]): Promise<FinalizerHolder[]> {
    const removed: FinalizerHolder[] = [];
    for (const holder of holders) {
      try {
        await this.objects.patch(
          { apiVersion: holder.api_version, kind: holder.kind, metadata: { name: holder.name, namespace, finalizers: [] } },
          undefined,
          undefined,
          "kubebyon",
          undefined,
          PatchStrategy.MergePatch,
        );
        removed.push(holder);
      } catch (err) {
        if (kubeStatusOf(err) === 404) continue;
        throw KubeApiError.from(err, `removing the finalizers of ${holder.kind} ${holder.name} in ${namespace}`);
      }
    }
    return removed;
  }

  async clearNamespaceFinalizers(namespace: string): Promise<string[]> {
    const state = await this.readNamespace(namespace);
    if (!state.present || state.specFinalizers.length === 0) return [];
    try {
      const ns = await this.core.readNamespace({ name: namespace }, callOptions({ timeoutMs: CALL_TIMEOUT_MS }));
      await this.core.replaceNamespaceFinalize({ name: namespace, body: { ...ns, spec: { ...ns.spec, finalizers: [] } } }, callOptions({ timeoutMs: CALL_TIMEOUT_MS }));
    } catch (err) {
      if (kubeStatusOf(err) === 404) return [];
      throw KubeApiError.from(err, `clearing the finalizers of namespace ${namespace}`);
    }
    return state.specFinalizers;
  }

  private listVolumes(): Promise<V1PersistentVolume[]> {
    return this.call("listing PersistentVolumes", async () => (await this.core.listPersistentVolume({}, callOptions({ timeoutMs: CALL_TIMEOUT_MS }))).items);
  }

  /** Core v1 and every group's preferred version: the namespaced resources that can be listed (no subresources). */
  private async namespacedResources(): Promise<ListableResource[]> {
    const found: ListableResource[] = [];
    const add = (group: string, version: string, resources: readonly V1APIResource[]) => {
      for (const r of resources) {
        if (!r.namespaced || r.name.includes("/") || !r.verbs.includes("list")) continue;
        found.push({ apiVersion: group ? `${group}/${version}` : version, kind: r.kind, plural: r.name, group, version });
      }
    };
    const core = await this.call("reading the core API discovery", () => this.core.getAPIResources(callOptions({ timeoutMs: CALL_TIMEOUT_MS })));
    add("", "v1", core.resources);
    const groups = await this.call("reading the API group discovery", () => this.apis.getAPIVersions(callOptions({ timeoutMs: CALL_TIMEOUT_MS })));
    for (const group of groups.groups) {
      const version = group.preferredVersion?.version ?? group.versions[0]?.version;
      if (!version) continue;
      try {
        const list = await this.custom.getAPIResources({ group: group.name, version }, callOptions({ timeoutMs: CALL_TIMEOUT_MS }));
        add(group.name, version, list.resources);
      } catch (err) {
        // An aggregated API that is down (e.g. metrics.k8s.io) must not hide the rest.
        if ([404, 503].includes(kubeStatusOf(err) ?? 0)) continue;
        throw KubeApiError.from(err, `reading API discovery of ${group.name}/${version}`);
      }
    }
    return found;
  }

  private async call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw KubeApiError.from(err, action);
    }
  }
}

function toOrphanVolume(pv: V1PersistentVolume): OrphanVolume {
  const claim = pv.spec?.claimRef;
  return {
    name: pv.metadata?.name ?? "",
    claim: claim?.name ? `${claim.namespace ?? ""}/${claim.name}` : null,
    reclaim_policy: pv.spec?.persistentVolumeReclaimPolicy ?? null,
    phase: pv.status?.phase ?? null,
  };
}
