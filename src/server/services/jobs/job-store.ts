import type { ClusterJob, EnqueueJobInput, ListJobsFilter } from "@/server/domain/jobs/cluster-job";

export type { EnqueueJobInput, ListJobsFilter };

/**
 * The leasing half of the queue: what a runner needs. Every method that takes
 * `owner` only acts while that owner still holds the job, so a runner whose
 * lease was taken over cannot overwrite the new owner's work.
 */
export interface JobLeaseStore {
  /** One due pending job, or a running job whose lease expired; null when there is none. */
  leaseNext(owner: string, leaseMs: number): Promise<ClusterJob | null>;
  /** Same rules as leaseNext for one id (a wake-up message); null when that job is not leasable now. */
  leaseById(id: string, owner: string, leaseMs: number): Promise<ClusterJob | null>;
  /** Extends the lease; false when the lease is no longer ours. */
  renewLease(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Marks the job succeeded; false when the lease is no longer ours. */
  complete(id: string, owner: string): Promise<boolean>;
  /**
   * Records a failed attempt: pending again after a backoff while attempts
   * remain and `retry` is true, otherwise failed. Returns the updated job, or
   * null when the lease is no longer ours.
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
}
