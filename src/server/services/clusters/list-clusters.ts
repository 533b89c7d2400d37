import { isAdmin, type Viewer } from "@/server/domain/auth/viewer";
import type { Cluster, Prisma } from "@/server/infra/db/client";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toClusterView, type ClusterView } from "./cluster-view";

const CLUSTER_PAGES = newestFirst<Cluster, Prisma.ClusterWhereInput, Prisma.ClusterOrderByWithRelationInput>();

/** The caller's clusters (admins: everyone's), newest first, a page at a time; deleted ones only on request. */
export async function listClusters(
  deps: Pick<ServiceDeps, "db">,
  viewer: Viewer,
  opts: { includeDeleted?: boolean; limit: number; cursor?: string },
): Promise<Page<ClusterView>> {
  const rows = await deps.db.cluster.findMany({
    where: {
      AND: [
        isAdmin(viewer) ? {} : { ownerId: viewer.id },
        opts.includeDeleted ? {} : { status: { not: "deleted" } },
        CLUSTER_PAGES.after(opts.cursor),
      ],
    },
    orderBy: CLUSTER_PAGES.orderBy,
    take: CLUSTER_PAGES.take(opts.limit),
  });
  return CLUSTER_PAGES.page(rows, opts.limit, toClusterView);
}
