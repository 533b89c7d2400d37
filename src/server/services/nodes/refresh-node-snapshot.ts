import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";
import { recordNodeSnapshot } from "./record-node-snapshot";

export type RefreshNodeSnapshotDeps = Pick<ClusterRuntimeDeps, "db" | "log" | "now" | "nodeReader">;

/**
 * After a node operation the timeline should show its effect (cordoned,
 * deleted) at once rather than at the next observation. Best effort: the
 * operation already happened, so a failed refresh is logged, not thrown.
 */
export async function refreshNodeSnapshot(deps: RefreshNodeSnapshotDeps, clusterId: string, credentials: ClusterCredentials): Promise<void> {
  try {
    await recordNodeSnapshot(deps, clusterId, await deps.nodeReader.list(credentials));
  } catch (err) {
    deps.log.warn("could not refresh the node snapshot after a node operation", {
      cluster_id: clusterId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
