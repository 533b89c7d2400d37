import type { Viewer } from "@/server/domain/auth/viewer";
import type { NodeView } from "@/server/domain/nodes/node-view";
import type { NodeOperationDeps } from "./node-operation-deps";
import { openClusterConnection } from "./open-cluster-connection";

export type ListClusterNodesDeps = Pick<NodeOperationDeps, "db" | "resolver" | "nodeReader">;

/**
 * The live node list, read from the cluster's API server (spec §5.7). It
 * changes nothing: the `nodes` snapshot and `node_events` are the node
 * observer's to write (node-observer.ts), so there is one writer.
 */
export async function listClusterNodes(deps: ListClusterNodesDeps, viewer: Viewer, clusterId: string): Promise<NodeView[]> {
  const { credentials } = await openClusterConnection(deps, viewer, clusterId);
  return deps.nodeReader.list(credentials);
}
