import { CoreV1Api } from "@kubernetes/client-node";
import { newId } from "@/server/domain/ids";
import type { Db } from "@/server/infra/db/client";
import type { KubeCluster, VirtualCluster } from "./kube-cluster";
import { forwardNodePort, type NodePortForwarder } from "./node-port-forwarder";
import { STAND_IN_CHART } from "./stand-in-chart";

export interface ReadyCluster {
  clusterId: string;
  vclusterName: string;
  namespace: string;
  nodePort: number;
  /** The stand-in vCluster apiserver (admin access for playing kubelets and checking results). */
  vc: VirtualCluster;
  close(): Promise<void>;
}

/**
 * A cluster in the state a successful cluster.create leaves it: the release's
 * NodePort Service (stand-in chart, same value paths as vcluster), Secret
 * vc-<name> exported by a stand-in vCluster apiserver, 127.0.0.1:<nodePort>
 * forwarded to that apiserver (playing kube-proxy), and a `ready` row with
 * control_plane_host 127.0.0.1 — so the platform reaches it through its
 * normal path: https://<control_plane_host>:<nodePort>.
 */
export async function provisionReadyCluster(opts: {
  kube: KubeCluster;
  db: Db;
  ownerId: string;
  name: string;
  /** Where 127.0.0.1:<nodePort> leads; default the stand-in vCluster apiserver (e.g. a join-endpoint stand-in instead). */
  forwardTo?: (vc: VirtualCluster) => Promise<string>;
}): Promise<ReadyCluster> {
  const clusterId = newId("cl");
  const name = opts.name;
  const namespace = `${name}-ns`;
  const vc = await opts.kube.startVirtualCluster({ name, namespace });
  await opts.kube.helm(["upgrade", "--install", name, STAND_IN_CHART, "-n", namespace, "--wait=false", "--set", "controlPlane.service.spec.type=NodePort"]);
  const core = opts.kube.kubeConfig().makeApiClient(CoreV1Api);
  const service = await core.readNamespacedService({ name, namespace });
  const nodePort = service.spec?.ports?.[0]?.nodePort;
  if (!nodePort) throw new Error(`stand-in Service ${namespace}/${name} got no NodePort`);
  let forwarder: NodePortForwarder | undefined = await forwardNodePort(nodePort, opts.forwardTo ? await opts.forwardTo(vc) : vc.server);
  await opts.db.cluster.create({
    data: {
      id: clusterId,
      ownerId: opts.ownerId,
      name,
      vclusterName: name,
      namespace,
      status: "ready",
      controlPlaneHost: "127.0.0.1",
      publicAccessEnabled: true,
      publicAccessMode: "nodeport",
      publicAccessPort: nodePort,
      apiEndpoint: `https://127.0.0.1:${nodePort}`,
      kubeconfigAvailable: true,
      connectionStatus: "connected",
    },
  });
  return {
    clusterId,
    vclusterName: name,
    namespace,
    nodePort,
    vc,
    close: async () => {
      await forwarder?.close();
      forwarder = undefined;
    },
  };
}
