import { isAdmin, type Viewer } from "@/server/domain/auth/viewer";
import { pgPoolOf, readClusterPage, type ClusterViewRow } from "@/server/infra/db/client";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toClusterView, type ClusterView } from "./cluster-view";

const CLUSTER_PAGES = newestFirst<ClusterViewRow, never, never>();

/** The caller's clusters (admins: everyone's), newest first, a page at a time; deleted ones only on request. */
export async function listClusters(
  deps: Pick<ServiceDeps, "db">,
  viewer: Viewer,
  opts: { includeDeleted?: boolean; limit: number; cursor?: string },
): Promise<Page<ClusterView>> {
  const position = CLUSTER_PAGES.position(opts.cursor);
  const rows = await readClusterPage(pgPoolOf(deps.db), {
    ownerId: isAdmin(viewer) ? undefined : viewer.id,
    includeDeleted: opts.includeDeleted ?? false,
    after: position ? { createdAt: position[0] as Date, id: position[1] as string } : null,
    take: CLUSTER_PAGES.take(opts.limit),
  });
  return CLUSTER_PAGES.page(rows, opts.limit, toClusterView);
}
