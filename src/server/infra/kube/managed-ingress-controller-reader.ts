import { AppsV1Api, CoreV1Api, type V1LabelSelector, type V1Pod } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { INGRESS_NGINX_PROFILE, type ManagedIngressControllerProfile } from "@/server/domain/managed-ingress/controller-profile";
import type { ControllerBackendView } from "@/server/domain/workload-edge/backend-decision";
import type { ManagedIngressControllerReader } from "@/server/services/workload-edge/ports";
import { clusterApiError } from "./cluster-api-error";
import { toHostNodeAddresses } from "./host-node-addresses";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { callOptions, kubeStatusOf } from "./kube-calls";

/** The controller Service's port the workload edge sends plain HTTP to (ingress-nginx: `http`). */
const HTTP_PORT_NAME = "http";

export interface KubeManagedIngressControllerReaderOptions {
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** Default the built-in profile (ingress-nginx). */
  profile?: ManagedIngressControllerProfile;
}

/** A label selector as the `labelSelector` query parameter (matchLabels and matchExpressions). */
export function labelSelectorQuery(selector: V1LabelSelector | undefined): string {
  const terms = Object.entries(selector?.matchLabels ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`);
  for (const e of selector?.matchExpressions ?? []) {
    const values = `(${(e.values ?? []).join(",")})`;
    if (e.operator === "In") terms.push(`${e.key} in ${values}`);
    else if (e.operator === "NotIn") terms.push(`${e.key} notin ${values}`);
    else if (e.operator === "Exists") terms.push(e.key);
    else if (e.operator === "DoesNotExist") terms.push(`!${e.key}`);
    else throw new Error(`unknown label selector operator ${JSON.stringify(e.operator)} for key ${e.key}`);
  }
  return terms.join(",");
}

/** A controller pod as the backend decision reads it: Ready only when the kubelet says so and it is not being deleted. */
function toControllerPod(pod: V1Pod): ControllerBackendView["pods"][number] {
  const ready = !pod.metadata?.deletionTimestamp && (pod.status?.conditions ?? []).some((c) => c.type === "Ready" && c.status === "True");
  return { name: pod.metadata?.name ?? "", ip: pod.status?.podIP || null, ready };
}

/**
 * ManagedIngressControllerReader through the cluster's own API server (the vCluster): the profile's controller
 * Deployment's pods (by the Deployment's own selector, so a chart that changes its labels is still read right),
 * the controller Service's `http` NodePort, and the joined Nodes. A missing Deployment means no pods and a missing
 * Service no NodePort (the controller is not installed yet, or was disabled); any other failure throws.
 */
export class KubeManagedIngressControllerReader implements ManagedIngressControllerReader {
  private readonly timeoutMs: number;
  private readonly profile: ManagedIngressControllerProfile;

  constructor(options: KubeManagedIngressControllerReaderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.profile = options.profile ?? INGRESS_NGINX_PROFILE;
  }

  async read(credentials: ClusterCredentials): Promise<ControllerBackendView> {
    const kc = kubeConfigFromCredentials(credentials);
    const apps = kc.makeApiClient(AppsV1Api);
    const core = kc.makeApiClient(CoreV1Api);
    const { namespace, readiness } = this.profile;
    const opts = () => callOptions({ timeoutMs: this.timeoutMs });
    const fail = (action: string) => (err: unknown) => {
      throw clusterApiError(action, credentials.server, err);
    };

    const pods = (async () => {
      let selector: V1LabelSelector | undefined;
      try {
        selector = (await apps.readNamespacedDeployment({ name: readiness.deployment, namespace }, opts())).spec?.selector;
      } catch (err) {
        if (kubeStatusOf(err) === 404) return [];
        throw clusterApiError(`read Deployment ${namespace}/${readiness.deployment}`, credentials.server, err);
      }
      const labelSelector = labelSelectorQuery(selector);
      // An empty selector would match every pod of the namespace; the apiserver refuses one on a Deployment anyway.
      if (labelSelector === "") return [];
      const list = await core.listNamespacedPod({ namespace, labelSelector }, opts()).catch(fail(`list the pods of Deployment ${namespace}/${readiness.deployment}`));
      return list.items.map(toControllerPod).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    })();

    const httpNodePort = (async () => {
      try {
        const service = await core.readNamespacedService({ name: readiness.service.name, namespace }, opts());
        return service.spec?.ports?.find((p) => p.name === HTTP_PORT_NAME)?.nodePort ?? null;
      } catch (err) {
        if (kubeStatusOf(err) === 404) return null;
        throw clusterApiError(`read Service ${namespace}/${readiness.service.name}`, credentials.server, err);
      }
    })();

    const nodes = core
      .listNode({}, opts())
      .then((list) => list.items.map(toHostNodeAddresses).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), fail("list nodes"));

    // allSettled first so no rejection is left unhandled when an earlier one fails.
    await Promise.allSettled([pods, httpNodePort, nodes]);
    return { pods: await pods, httpNodePort: await httpNodePort, nodes: await nodes };
  }
}
