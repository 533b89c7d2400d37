import type { Viewer } from "@/server/domain/auth/viewer";
import type { NodeView } from "@/server/domain/nodes/node-view";
import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";
import { openClusterConnection } from "./open-cluster-connection";
import { recordNodeSnapshot } from "./record-node-snapshot";

export type ListClusterNodesDeps = Pick<ClusterRuntimeDeps, "db" | "log" | "now" | "resolver" | "resolveOptions" | "nodeReader">;

/**
 * The live node list, read from the cluster's API server (spec §5.7). What
 * was seen is also stored as the `nodes` snapshot so `node_events` keep a
 * history even when no watcher runs; a failure to store it never hides the
 * live answer from the caller.
 */
export async function listClusterNodes(deps: ListClusterNodesDeps, viewer: Viewer, clusterId: string): Promise<NodeView[]> {
  const { cluster, credentials } = await openClusterConnection(deps, viewer, clusterId);
  const nodes = await deps.nodeReader.list(credentials);
  try {
    await recordNodeSnapshot(deps, cluster.id, nodes);
  } catch (err) {
    deps.log.warn("could not record the node snapshot after listing nodes", { cluster_id: cluster.id, error: err instanceof Error ? err.message : String(err) });
  }
  return nodes;
}
