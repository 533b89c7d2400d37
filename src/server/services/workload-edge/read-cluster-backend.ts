import { decideWorkloadBackend, probeablePods, withNodePortProbe, CONTROLLER_POD_HTTP_PORT, type WorkloadBackendDecision } from "@/server/domain/workload-edge/backend-decision";
import type { Cluster } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { ManagedIngressControllerReader, ReachabilityProbe } from "./ports";

export interface BackendReadDeps extends Pick<ServiceDeps, "db">, ClusterConnectionDeps {
  controllers: ManagedIngressControllerReader;
  probe: ReachabilityProbe;
}

/** Why the edge waits for a cluster without reading it: its control plane or managed ingress is not ready. */
export function notServableReason(cluster: Pick<Cluster, "status" | "managedWorkloadIngressStatus">): string | null {
  if (cluster.status !== "ready" && cluster.status !== "updating") return `the cluster is ${cluster.status}; its workload edge follows once it is ready`;
  if (cluster.managedWorkloadIngressStatus !== "ready") {
    return `managed ingress is ${cluster.managedWorkloadIngressStatus}, not ready yet; the workload edge follows once the controller is installed`;
  }
  return null;
}

/**
 * Where the shim of one cluster should point (backend-decision.ts): through the cluster's own API the
 * controller's pods, its http NodePort and the joined nodes, then a TCP connect from this process to each
 * Ready pod's IP on port 80, and when that falls back to the NodePort, to each node address on it. Throws (with the apiserver's or resolver's message) when the cluster cannot be read.
 */
export async function readClusterBackend(deps: BackendReadDeps, cluster: Cluster): Promise<WorkloadBackendDecision> {
  const { credentials } = await connectToCluster(deps, cluster);
  const view = await deps.controllers.read(credentials);
  const ips = probeablePods(view).map((p) => p.ip);
  const reachable = ips.length > 0 ? await deps.probe.reachable(ips, CONTROLLER_POD_HTTP_PORT) : new Set<string>();
  const decision = decideWorkloadBackend(view, reachable);
  if (decision.mode !== "node-port") return decision;
  return withNodePortProbe(decision, await deps.probe.reachable(decision.addresses, decision.port));
}
