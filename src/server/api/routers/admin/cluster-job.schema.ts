import { z } from "zod";
import { clusterJobStatusSchema } from "@/server/domain/jobs/cluster-job";

const counts = z.record(z.string(), z.number().int());

export const jobQueueSummarySchema = z.object({
  by_status: counts,
  oldest_pending_at: z.string().nullable(),
  expired_leases: z.number().int(),
});

export const clusterJobSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  operation_id: z.string().nullable(),
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
