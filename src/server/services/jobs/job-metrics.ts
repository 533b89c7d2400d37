/**
 * How one job attempt ended in the runner that ran it: `retrying` (handler error, attempts left),
 * `failed` (permanent failure or unknown kind), `dead` (last attempt used), `lease_lost` (another
 * runner took the job over; this runner recorded nothing).
 */
export type JobAttemptOutcome = "succeeded" | "retrying" | "failed" | "dead" | "lease_lost";

/**
 * What a job runner reports for the queue metrics (docs/jobs.md "Observing the queue"); the
 * composition root implements it with prom-client (observability/job-metrics.ts).
 */
export interface JobMetrics {
  /** An attempt ended after `durationSeconds` (0 when no handler ran, e.g. an unknown kind). */
  attemptEnded(kind: string, outcome: JobAttemptOutcome, durationSeconds: number): void;
  /** This runner leased a job whose previous runner's lease had expired (it died or hung). */
  leaseTakenOver(kind: string): void;
}

export const noJobMetrics: JobMetrics = { attemptEnded: () => undefined, leaseTakenOver: () => undefined };
