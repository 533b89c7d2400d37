import { CoreV1Api } from "@kubernetes/client-node";
import { newId } from "@/server/domain/ids";
import type { Db } from "@/server/infra/db/client";
import type { KubeCluster, VirtualCluster } from "./kube-cluster";
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
 * vc-<name> exported by a stand-in vCluster apiserver whose certificate
 * follows vCluster's rules, the kube-proxy stand-in forwarding the Service's
 * ClusterIP:443 and 127.0.0.1:<nodePort> to it, and a `ready` row with
 * control_plane_host 127.0.0.1 — so the platform reaches it through its
 * production routes (cluster-ip for itself, https://127.0.0.1:<nodePort> for users).
 */
export async function provisionReadyCluster(opts: {
  kube: KubeCluster;
  db: Db;
  ownerId: string;
  name: string;
  /** Where the Service's addresses lead; default the stand-in vCluster apiserver (e.g. a front that also serves /node/join). */
  forwardTo?: (vc: VirtualCluster) => Promise<string>;
  /** Runs kube-controller-manager for the vCluster too, as a real vCluster does (e.g. to aggregate the built-in view/edit/admin roles). */
  controllerManager?: boolean;
}): Promise<ReadyCluster> {
  const clusterId = newId("cl");
  const name = opts.name;
  const namespace = `${name}-ns`;
  await opts.kube.helm([
    "upgrade", "--install", name, STAND_IN_CHART, "-n", namespace, "--create-namespace", "--wait=false",
    "--set", "controlPlane.service.spec.type=NodePort", "--set", "controlPlane.proxy.extraSANs={127.0.0.1}",
  ]);
  const core = opts.kube.kubeConfig().makeApiClient(CoreV1Api);
  const service = await core.readNamespacedService({ name, namespace });
  const nodePort = service.spec?.ports?.[0]?.nodePort;
  if (!nodePort) throw new Error(`stand-in Service ${namespace}/${name} got no NodePort`);
  // Started after the release, like vCluster: its certificate covers the Service as it is.
  const vc = await opts.kube.startVirtualCluster({ name, namespace, controllerManager: opts.controllerManager });
  if (opts.forwardTo) await vc.routeServiceTo(await opts.forwardTo(vc));
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
    close: () => vc.stop(),
  };
}
