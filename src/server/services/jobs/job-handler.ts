import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import type { ClassifiedFailure } from "@/server/domain/jobs/failure-class";

export interface JobHandlerContext {
  /** Aborted when the lease is lost or the runner shuts down; pass it to every long call. */
  signal: AbortSignal;
  /**
   * Extends the lease now (the runner also renews on a timer). Throws
   * LeaseLostError when another runner has taken the job over.
   */
  renewLease(): Promise<void>;
}

export type JobHandler = (job: ClusterJob, context: JobHandlerContext) => Promise<void>;

/** Throw from a handler when retrying cannot help (bad payload, cluster gone): the job fails at once. */
export class PermanentJobError extends Error implements ClassifiedFailure {
  readonly failureClass = "permanent";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobError";
  }
}

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`lease on job ${jobId} was lost to another runner`);
    this.name = "LeaseLostError";
  }
}
