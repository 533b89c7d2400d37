import type { ServiceDeps } from "@/server/services/service-deps";
import type { JobQueueDeps } from "./job-queue-deps";
import type { JobQueueSummary } from "./job-queue-summary";

export async function summarizeJobQueue(deps: Pick<ServiceDeps, "now"> & Pick<JobQueueDeps, "jobs">): Promise<JobQueueSummary> {
  const stats = await deps.jobs.stats(deps.now());
  return { by_status: stats.byStatus, oldest_pending_at: stats.oldestPendingCreatedAt?.toISOString() ?? null, expired_leases: stats.expiredLeases };
}
