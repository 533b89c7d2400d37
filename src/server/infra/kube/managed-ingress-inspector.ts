import { AppsV1Api, CoreV1Api, NetworkingV1Api } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { MANAGED_INGRESS_PROFILE, type ManagedIngressControllerProfile } from "@/server/domain/managed-ingress/controller-profile";
import type { ManagedIngressObservation } from "@/server/domain/managed-ingress/ingress-check";
import type { ManagedIngressInspector } from "@/server/services/clusters/managed-ingress-inspector";
import { clusterApiError } from "./cluster-api-error";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, kubeStatusOf } from "./kube-calls";

export interface KubeManagedIngressInspectorOptions {
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  profile?: ManagedIngressControllerProfile;
}

/**
 * ManagedIngressInspector with client-node and the platform's credentials for the vCluster. The release is read
 * from what `helm install` wrote — its storage Secrets (helm's default driver), labelled owner=helm, name=<release>,
 * status and version — rather than by running helm: one list call instead of a helm process per cluster and pass.
 * The newest version is the release's state.
 */
export class KubeManagedIngressInspector implements ManagedIngressInspector {
  private readonly timeoutMs: number;
  private readonly profile: ManagedIngressControllerProfile;

  constructor(options: KubeManagedIngressInspectorOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.profile = options.profile ?? MANAGED_INGRESS_PROFILE;
  }

  async inspect(credentials: ClusterCredentials, signal?: AbortSignal): Promise<ManagedIngressObservation> {
    const kc = kubeConfigFromCredentials(credentials);
    const { namespace, releaseName, readiness } = this.profile;
    const opts = () => callOptions({ timeoutMs: this.timeoutMs, signal });
    const orNull = async <T>(action: string, read: () => Promise<T>): Promise<T | null> => {
      try {
        return await read();
      } catch (err) {
        if (kubeStatusOf(err) === 404) return null;
        throw clusterApiError(action, credentials.server, err);
      }
    };
    const core = kc.makeApiClient(CoreV1Api);

    const release = orNull(`list the Helm release records of ${namespace}/${releaseName}`, () =>
      core.listNamespacedSecret({ namespace, labelSelector: `owner=helm,name=${releaseName}` }, opts()),
    ).then((list) => {
      const records = (list?.items ?? [])
        .map((s) => ({ revision: Number(s.metadata?.labels?.version), status: s.metadata?.labels?.status ?? "unknown" }))
        .filter((r) => Number.isInteger(r.revision));
      return records.reduce<ManagedIngressObservation["release"]>((newest, r) => (!newest || r.revision > newest.revision ? r : newest), null);
    });
    const deployment = orNull(`read Deployment ${namespace}/${readiness.deployment}`, () =>
      kc.makeApiClient(AppsV1Api).readNamespacedDeployment({ name: readiness.deployment, namespace }, opts()),
    ).then((d) => {
      if (!d) return null;
      const available = d.status?.conditions?.find((c) => c.type === "Available");
      return { replicas: d.spec?.replicas ?? 1, availableReplicas: d.status?.availableReplicas ?? 0, available: available?.status === "True", message: available?.message };
    });
    const service = orNull(`read Service ${namespace}/${readiness.service.name}`, () => core.readNamespacedService({ name: readiness.service.name, namespace }, opts())).then((s) => {
      if (!s) return null;
      const ports = s.spec?.ports ?? [];
      return { type: s.spec?.type ?? "ClusterIP", ports: ports.length, nodePorts: ports.filter((p) => (p.nodePort ?? 0) > 0).length };
    });
    const ingressClass = orNull(`read IngressClass ${readiness.ingressClass.name}`, () =>
      kc.makeApiClient(NetworkingV1Api).readIngressClass({ name: readiness.ingressClass.name }, opts()),
    ).then((c) => (c ? { controller: c.spec?.controller ?? "" } : null));

    // allSettled first so no rejection is left unhandled when an earlier one fails.
    await Promise.allSettled([release, deployment, service, ingressClass]);
    return { release: await release, deployment: await deployment, service: await service, ingressClass: await ingressClass };
  }
}
