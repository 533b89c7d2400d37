import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { connectionStatusSchema } from "@/server/domain/clusters/cluster-states";
import type { ClusterConnectionEvent, Prisma } from "@/server/infra/db/client";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";

const EVENT_PAGES = newestFirst<ClusterConnectionEvent, Prisma.ClusterConnectionEventWhereInput, Prisma.ClusterConnectionEventOrderByWithRelationInput>();

/** One change of connection_status made by the control-plane health probe. */
export const clusterConnectionEventViewSchema = z.object({
  id: z.string(),
  from: connectionStatusSchema,
  to: connectionStatusSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ClusterConnectionEventView = z.infer<typeof clusterConnectionEventViewSchema>;

/** A cluster's connection history (cluster_connection_events), newest first, a page at a time. */
export async function listConnectionEvents(
  deps: Pick<ServiceDeps, "db" | "log">,
  viewer: Viewer,
  clusterId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<ClusterConnectionEventView>> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const rows = await deps.db.clusterConnectionEvent.findMany({
    where: { AND: [{ clusterId: cluster.id }, EVENT_PAGES.after(page.cursor)] },
    orderBy: EVENT_PAGES.orderBy,
    take: EVENT_PAGES.take(page.limit),
  });
  return EVENT_PAGES.page(rows, page.limit, (e) => ({ id: e.id, from: e.fromStatus, to: e.toStatus, reason: e.reason, created_at: e.createdAt.toISOString() }));
}
