import { ApiException, CoreV1Api } from "@kubernetes/client-node";
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
export async function playVclusterOnNodePort(opts: {
  kube: KubeCluster;
  vclusterName: string;
  namespace: string;
  timeoutMs?: number;
}): Promise<NodePortVcluster> {
  const core = opts.kube.kubeConfig().makeApiClient(CoreV1Api);
  const readNodePort = async () => {
    try {
      const service = await core.readNamespacedService({ name: opts.vclusterName, namespace: opts.namespace });
      return service.spec?.ports?.[0]?.nodePort;
    } catch (err) {
      if (err instanceof ApiException && err.code === 404) return undefined;
      throw err;
    }
  };
  const nodePort = (await waitFor(`NodePort Service ${opts.namespace}/${opts.vclusterName}`, readNodePort, (p) => p !== undefined, opts.timeoutMs))!;
  const vc = await opts.kube.startVirtualCluster({ name: opts.vclusterName, namespace: opts.namespace });
  return { vc, nodePort, close: () => vc.stop() };
}
