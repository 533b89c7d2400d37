import type { ClusterJob, ListJobsFilter } from "@/server/domain/jobs/cluster-job";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { JobQueueDeps } from "./job-queue-deps";
import { summarizeJobQueue, type JobQueueSummary } from "./summarize-job-queue";
import { isoOrNull } from "@/server/domain/iso-time";

export interface ClusterJobView {
  id: string;
  cluster_id: string;
  operation_id: string | null;
  kind: string;
  status: ClusterJob["status"];
  attempts: number;
  max_attempts: number;
  run_after: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

function toClusterJobView(job: ClusterJob): ClusterJobView {
  return {
    id: job.id,
    cluster_id: job.clusterId,
    operation_id: job.operationId,
    kind: job.kind,
    status: job.status,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    run_after: job.runAfter.toISOString(),
    lease_owner: job.leaseOwner,
    lease_expires_at: isoOrNull(job.leaseExpiresAt),
    last_error: job.lastError,
    started_at: isoOrNull(job.startedAt),
    finished_at: isoOrNull(job.finishedAt),
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}

/**
 * The admin's read-only view of the job queue (spec: GET /api/console/admin/cluster-jobs):
 * the newest jobs matching the filter plus backlog figures. No retry/cancel here, as the spec says.
 */
export async function listClusterJobs(
  deps: Pick<ServiceDeps, "db" | "now"> & Pick<JobQueueDeps, "jobs">,
  filter: ListJobsFilter,
): Promise<{ items: ClusterJobView[]; summary: JobQueueSummary }> {
  const [jobs, summary] = await Promise.all([deps.jobs.list(filter), summarizeJobQueue(deps)]);
  return { items: jobs.map(toClusterJobView), summary };
}
