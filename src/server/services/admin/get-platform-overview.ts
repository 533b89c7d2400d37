import { ClusterJobStatus, ClusterStatus } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface PlatformOverview {
  users: { total: number; admins: number; disabled: number };
  clusters: { total: number; by_status: Record<ClusterStatus, number> };
  cluster_jobs: { by_status: Record<ClusterJobStatus, number>; oldest_pending_at: string | null };
}

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Counts for the admin back office's landing page; deleted clusters are not counted as clusters. */
export async function getPlatformOverview(deps: ServiceDeps): Promise<PlatformOverview> {
  const [total, admins, disabled, clusterGroups, jobGroups, oldestPending] = await Promise.all([
    deps.db.user.count(),
    deps.db.user.count({ where: { role: "admin" } }),
    deps.db.user.count({ where: { disabled: true } }),
    deps.db.cluster.groupBy({ by: ["status"], _count: { _all: true } }),
    deps.db.clusterJob.groupBy({ by: ["status"], _count: { _all: true } }),
    deps.db.clusterJob.findFirst({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
  ]);
  const clusterCounts = zeroes(Object.values(ClusterStatus));
  for (const g of clusterGroups) clusterCounts[g.status] = g._count._all;
  const jobCounts = zeroes(Object.values(ClusterJobStatus));
  for (const g of jobGroups) jobCounts[g.status] = g._count._all;
  return {
    users: { total, admins, disabled },
    clusters: {
      total: Object.entries(clusterCounts).reduce((sum, [status, n]) => (status === "deleted" ? sum : sum + n), 0),
      by_status: clusterCounts,
    },
    cluster_jobs: { by_status: jobCounts, oldest_pending_at: oldestPending?.createdAt.toISOString() ?? null },
  };
}
