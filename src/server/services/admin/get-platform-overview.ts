import { ClusterStatus } from "@/server/infra/db/client";
import { summarizeJobQueue, type JobQueueSummary } from "@/server/services/jobs/summarize-job-queue";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface PlatformOverview {
  users: { total: number; admins: number; disabled: number };
  clusters: { total: number; by_status: Record<ClusterStatus, number> };
  cluster_jobs: JobQueueSummary;
}

/** Counts for the admin back office's landing page; deleted clusters are not counted as clusters. */
export async function getPlatformOverview(deps: ServiceDeps): Promise<PlatformOverview> {
  const [total, admins, disabled, clusterGroups, jobs] = await Promise.all([
    deps.db.user.count(),
    deps.db.user.count({ where: { role: "admin" } }),
    deps.db.user.count({ where: { disabled: true } }),
    deps.db.cluster.groupBy({ by: ["status"], _count: { _all: true } }),
    summarizeJobQueue(deps),
  ]);
  const clusterCounts = Object.fromEntries(Object.values(ClusterStatus).map((s) => [s, 0])) as Record<ClusterStatus, number>;
  for (const g of clusterGroups) clusterCounts[g.status] = g._count._all;
  return {
    users: { total, admins, disabled },
    clusters: {
      total: Object.entries(clusterCounts).reduce((sum, [status, n]) => (status === "deleted" ? sum : sum + n), 0),
      by_status: clusterCounts,
    },
    cluster_jobs: jobs,
  };
}
