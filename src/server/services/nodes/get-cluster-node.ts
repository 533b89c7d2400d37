import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import type { NodeView } from "@/server/domain/nodes/node-view";
import type { ListClusterNodesDeps } from "./list-cluster-nodes";
import { openClusterConnection } from "./open-cluster-connection";

/**
 * One live node, read from the cluster's API server: the node page needs it whichever page of the list the
 * node falls on. Like the list it changes nothing; a node that does not exist is NOT_FOUND.
 */
export async function getClusterNode(deps: ListClusterNodesDeps, viewer: Viewer, clusterId: string, nodeName: string): Promise<NodeView> {
  const { cluster, credentials } = await openClusterConnection(deps, viewer, clusterId);
  const node = await deps.nodeReader.get(credentials, nodeName);
  if (node === null) throw notFound(`Node ${nodeName} in cluster ${cluster.id}`);
  return node;
}
