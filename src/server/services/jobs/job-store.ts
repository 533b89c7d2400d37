import type { ClusterJob, ClusterJobStatus, EnqueueJobInput, LeasedJob, ListJobsFilter } from "@/server/domain/jobs/cluster-job";

export type { EnqueueJobInput, LeasedJob, ListJobsFilter };

export interface CompleteAndLeaseResult {
  /** False when the lease on the finished job was no longer ours, so its success was not recorded. */
  completed: boolean;
  /** The next job, leased in the same round trip; null when none is due. */
  next: LeasedJob | null;
}

/** Backlog figures of the whole queue, for the admin views. */
export interface JobQueueStats {
  /** Every status, zero when no job has it. */
  byStatus: Record<ClusterJobStatus, number>;
  /** When the longest-waiting pending job was queued. */
  oldestPendingCreatedAt: Date | null;
  /** Running jobs whose lease ran out before `now` (their runner died). */
  expiredLeases: number;
}

/** One row of the queue depth gauge (kubebyon_jobs). */
export interface JobCount {
  kind: string;
  status: ClusterJobStatus;
  count: number;
}

/**
 * The leasing half of the queue: what a runner needs. Every method that takes
 * `owner` only acts while that owner still holds the job, so a runner whose
 * lease was taken over cannot overwrite the new owner's work.
 */
export interface JobLeaseStore {
  /**
   * A running job whose lease expired (taken over first), else the due pending job with the
   * oldest run_after; null when there is none. Marks `dead` the jobs whose lease expired on
   * their last attempt.
   */
  leaseNext(owner: string, leaseMs: number): Promise<LeasedJob | null>;
  /**
   * complete(id, owner) and leaseNext(owner, leaseMs) in one round trip and one commit: what a
   * runner with a free slot does after every successful job, so a busy queue costs one statement
   * per job.
   */
  completeAndLeaseNext(id: string, owner: string, leaseMs: number): Promise<CompleteAndLeaseResult>;
  /** Same rules as leaseNext for one id (a wake-up message); null when that job is not leasable now. */
  leaseById(id: string, owner: string, leaseMs: number): Promise<LeasedJob | null>;
  /** Extends the lease; false when the lease is no longer ours. */
  renewLease(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Marks the job succeeded; false when the lease is no longer ours. */
  complete(id: string, owner: string): Promise<boolean>;
  /**
   * Records a failed attempt: pending again after a backoff while attempts
   * remain and `retry` is true; `failed` when `retry` is false (retrying cannot
   * help); `dead` when no attempts are left. Returns the updated job, or null
   * when the lease is no longer ours.
   */
  fail(id: string, owner: string, error: string, options: { retry: boolean }): Promise<ClusterJob | null>;
}

/**
 * The whole queue. `Tx` is the store's transaction handle, so a use case can
 * write the cluster row, the operation and the job in one transaction.
 */
export interface JobStore<Tx = never> extends JobLeaseStore {
  enqueue(input: EnqueueJobInput, tx?: Tx): Promise<ClusterJob>;
  /** Newest first; for the admin queue view. */
  list(filter: ListJobsFilter): Promise<ClusterJob[]>;
  /** `now` is the caller's clock, so a test that pins it sees leases expire when it says. */
  stats(now: Date): Promise<JobQueueStats>;
  /** How many jobs have each (kind, status) pair; pairs with no job are absent. One GROUP BY: read at every /metrics scrape. */
  countByKindAndStatus(): Promise<JobCount[]>;
}
