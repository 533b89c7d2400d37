import { z } from "zod";
import { clusterJobStatusSchema } from "@/server/domain/jobs/cluster-job";

/** Backlog figures of the cluster job queue, as the admin overview and the job list show them. */
export const jobQueueSummarySchema = z.object({
  by_status: z.record(clusterJobStatusSchema, z.number().int()),
  /** When the longest-waiting pending job was queued: the backlog's age. */
  oldest_pending_at: z.string().nullable(),
  /** Running jobs whose lease ran out (their runner died); another runner will take them over. */
  expired_leases: z.number().int(),
});
export type JobQueueSummary = z.infer<typeof jobQueueSummarySchema>;
