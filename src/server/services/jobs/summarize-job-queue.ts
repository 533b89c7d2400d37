import { clusterJobStatuses, type ClusterJobStatus } from "@/server/domain/jobs/cluster-job";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { JobQueueSummary } from "./job-queue-summary";

export async function summarizeJobQueue(deps: Pick<ServiceDeps, "db" | "now">): Promise<JobQueueSummary> {
  const [groups, oldestPending, expiredLeases] = await Promise.all([
    deps.db.clusterJob.groupBy({ by: ["status"], _count: { _all: true } }),
    deps.db.clusterJob.findFirst({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
    deps.db.clusterJob.count({ where: { status: "running", leaseExpiresAt: { lt: deps.now() } } }),
  ]);
  const byStatus = Object.fromEntries(clusterJobStatuses.map((s) => [s, 0])) as Record<ClusterJobStatus, number>;
  for (const g of groups) byStatus[g.status] = g._count._all;
  return { by_status: byStatus, oldest_pending_at: oldestPending?.createdAt.toISOString() ?? null, expired_leases: expiredLeases };
}
