import { isAdmin, type Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toClusterView, type ClusterView } from "./cluster-view";

/** The caller's clusters (admins: everyone's), newest first; deleted ones only on request. */
export async function listClusters(deps: Pick<ServiceDeps, "db">, viewer: Viewer, opts: { includeDeleted?: boolean } = {}): Promise<ClusterView[]> {
  const rows = await deps.db.cluster.findMany({
    where: {
      ...(isAdmin(viewer) ? {} : { ownerId: viewer.id }),
      ...(opts.includeDeleted ? {} : { status: { not: "deleted" } }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toClusterView);
}
