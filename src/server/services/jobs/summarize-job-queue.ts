import type { ClusterJobStatus } from "@/server/domain/jobs/cluster-job";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface JobQueueSummary {
  by_status: Record<ClusterJobStatus, number>;
  /** When the longest-waiting pending job was queued: the backlog's age. */
  oldest_pending_at: string | null;
  /** Running jobs whose lease ran out (their runner died); another runner will take them over. */
  expired_leases: number;
}

export async function summarizeJobQueue(deps: Pick<ServiceDeps, "jobs" | "now">): Promise<JobQueueSummary> {
  const stats = await deps.jobs.stats(deps.now());
  return { by_status: stats.byStatus, oldest_pending_at: stats.oldestPendingCreatedAt?.toISOString() ?? null, expired_leases: stats.expiredLeases };
}
