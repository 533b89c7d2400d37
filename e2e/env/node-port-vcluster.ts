import { ApiException, CoreV1Api, type V1Service } from "@kubernetes/client-node";
import type { KubeCluster, VirtualCluster } from "./kube-cluster";
import { waitFor } from "./wait-for";

export interface NodePortVcluster {
  vc: VirtualCluster;
  nodePort: number;
  close(): Promise<void>;
}

/**
 * The test plays vCluster coming up for a cluster whose create job has
 * installed the release (NodePort Service): once the Service exists, a new
 * stand-in apiserver starts with a certificate for what the Service shows
 * (its ClusterIP among vCluster's names), the kube-proxy stand-in forwards
 * <ClusterIP>:443 and 127.0.0.1:<nodePort> to it, and only then it exports
 * Secret vc-<name> — so the job's first probe cannot race the set-up. The
 * platform reaches it on its production routes with no test-only override.
 */
export async function playVclusterOnNodePort(opts: PlayOptions): Promise<NodePortVcluster> {
  const played = await playVclusterBehindService({ ...opts, until: (service) => service.spec?.ports?.[0]?.nodePort !== undefined });
  return { ...played, nodePort: played.service.spec?.ports?.[0]?.nodePort ?? 0 };
}

interface PlayOptions {
  kube: KubeCluster;
  vclusterName: string;
  namespace: string;
  timeoutMs?: number;
  controlPlaneNodeName?: string;
  /** Run kube-controller-manager in the played vCluster (default false). */
  controllerManager?: boolean;
}

/** The same for any Service type (public access off: a ClusterIP Service), once `until` holds for the Service. */
export async function playVclusterBehindService(
  opts: PlayOptions & { until?: (service: V1Service) => boolean },
): Promise<{ vc: VirtualCluster; service: V1Service; close(): Promise<void> }> {
  const core = opts.kube.kubeConfig().makeApiClient(CoreV1Api);
  const readService = async () => {
    try {
      return await core.readNamespacedService({ name: opts.vclusterName, namespace: opts.namespace });
    } catch (err) {
      if (err instanceof ApiException && err.code === 404) return undefined;
      throw err;
    }
  };
  const until = opts.until ?? (() => true);
  const service = (await waitFor(`Service ${opts.namespace}/${opts.vclusterName}`, readService, (s) => s !== undefined && until(s), opts.timeoutMs))!;
  const vc = await opts.kube.startVirtualCluster({ name: opts.vclusterName, namespace: opts.namespace, controlPlaneNodeName: opts.controlPlaneNodeName, controllerManager: opts.controllerManager });
  return { vc, service, close: () => vc.stop() };
}
