import { ApiException, CoreV1Api } from "@kubernetes/client-node";
import type { KubeCluster, VirtualCluster } from "./kube-cluster";
import { forwardNodePort, type NodePortForwarder } from "./node-port-forwarder";
import { waitFor } from "./wait-for";

export interface NodePortVcluster {
  vc: VirtualCluster;
  nodePort: number;
  close(): Promise<void>;
}

/**
 * The test plays vCluster coming up for a cluster whose create job has
 * installed the release (NodePort Service): 127.0.0.1:<nodePort> is forwarded
 * to a new stand-in apiserver, which then exports Secret vc-<name>. The
 * forwarder listens before the apiserver exists and holds early connections,
 * so the job's first probe through the NodePort cannot race the set-up.
 * The platform reaches it on its production path (control_plane_host
 * 127.0.0.1, nodeport mode) with no test-only override.
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
  let forwarder: NodePortForwarder | undefined = await forwardNodePort(nodePort);
  try {
    const vc = await opts.kube.startVirtualCluster({ name: opts.vclusterName, namespace: opts.namespace });
    forwarder.setTarget(vc.server);
    return {
      vc,
      nodePort,
      close: async () => {
        await forwarder?.close();
        forwarder = undefined;
        await vc.stop();
      },
    };
  } catch (err) {
    await forwarder.close();
    throw err;
  }
}
