import { z } from "zod";
import { clusterJobStatusSchema, type ClusterJob, type ListJobsFilter } from "@/server/domain/jobs/cluster-job";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { JobQueueDeps } from "./job-queue-deps";
import { jobQueueSummarySchema } from "./job-queue-summary";
import { summarizeJobQueue } from "./summarize-job-queue";
import { isoOrNull } from "@/server/domain/iso-time";

export const clusterJobViewSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  operation_id: z.string().nullable(),
  // Free text on purpose (see clusterJobKinds): a newer web process may enqueue a kind this one does not know.
  kind: z.string(),
  status: clusterJobStatusSchema,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_after: z.string(),
  lease_owner: z.string().nullable(),
  lease_expires_at: z.string().nullable(),
  last_error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClusterJobView = z.infer<typeof clusterJobViewSchema>;

export const clusterJobListSchema = z.object({ items: z.array(clusterJobViewSchema), summary: jobQueueSummarySchema });
export type ClusterJobList = z.infer<typeof clusterJobListSchema>;

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
): Promise<ClusterJobList> {
  const [jobs, summary] = await Promise.all([deps.jobs.list(filter), summarizeJobQueue(deps)]);
  return { items: jobs.map(toClusterJobView), summary };
}
