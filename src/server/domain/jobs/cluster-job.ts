import { z } from "zod";

/**
 * `failed`: stopped at once because retrying cannot help (a permanent failure, see failure-class.ts; an unknown kind).
 * `dead`: every allowed attempt was used up (handler errors or lost leases); `last_error` says why.
 */
export const clusterJobStatuses = ["pending", "running", "succeeded", "failed", "dead"] as const;
export const clusterJobStatusSchema = z.enum(clusterJobStatuses);
export type ClusterJobStatus = z.infer<typeof clusterJobStatusSchema>;

/** JSON as stored in a jsonb column; object members may be absent. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue | undefined };

/** What a job carries; the handler for its kind parses it with its own zod schema. */
export type JobPayload = { [key: string]: JsonValue | undefined };

/** One `cluster_jobs` row as the services see it. */
export interface ClusterJob {
  id: string;
  clusterId: string;
  operationId: string | null;
  kind: string;
  status: ClusterJobStatus;
  attempts: number;
  maxAttempts: number;
  runAfter: Date;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  lastError: string | null;
  /** Stored JSON; an object for every job this code enqueues. */
  payload: JsonValue;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A job as a lease hands it to a runner. */
export interface LeasedJob extends ClusterJob {
  /**
   * The runner whose lease had expired when this lease took the job over (it died or hung), or null
   * when the job was pending. Counted as a lease expiry (docs/jobs.md "Observing the queue").
   */
  takenOverFrom: string | null;
}

export interface EnqueueJobInput {
  clusterId: string;
  operationId?: string;
  kind: string;
  payload: JobPayload;
  maxAttempts?: number;
}

export interface ListJobsFilter {
  status?: ClusterJobStatus;
  clusterId?: string;
  /** Clamped by the store to 1..500. */
  limit: number;
}

export const defaultMaxAttempts = 5;
export const jobIdPrefix = "job_";
