import type { Viewer } from "@/server/domain/auth/viewer";
import type { NodeView } from "@/server/domain/nodes/node-view";
import type { Page } from "@/server/services/pagination/keyset";
import type { NodeOperationDeps } from "./node-operation-deps";
import { openClusterConnection } from "./open-cluster-connection";

export type ListClusterNodesDeps = Pick<NodeOperationDeps, "db" | "resolver" | "nodeReader">;

/**
 * The live node list, read from the cluster's API server (spec §5.7), a page at a time with the API server's
 * own `limit`/`continue`: the cursor is its continue token, passed through untouched, so pages are the
 * server's consistent snapshot of the first page's moment. It changes nothing and merges no database rows:
 * the `nodes` snapshot and `node_events` are the node observer's to write (node-observer.ts), so there is
 * one writer.
 */
export async function listClusterNodes(deps: ListClusterNodesDeps, viewer: Viewer, clusterId: string, page: { limit: number; cursor?: string }): Promise<Page<NodeView>> {
  const { credentials } = await openClusterConnection(deps, viewer, clusterId);
  const { items, continueToken } = await deps.nodeReader.listPage(credentials, { limit: page.limit, continueToken: page.cursor });
  return { items, next_cursor: continueToken };
}
