import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import { classifyFailure } from "@/server/domain/jobs/failure-class";

/** Retrying cannot help (configuration, an apiserver refusal other than 409/429): the job fails now, with this message. */
export function isPermanentFailure(error: unknown): boolean {
  return classifyFailure(error) === "permanent";
}

/**
 * Whether this failure is the job's last: permanent, or the last allowed attempt. Handlers use it to
 * mark the cluster `error`; the runner makes the same decision for the job row (isPermanentFailure
 * plus the store's attempt count), so the two never disagree.
 */
export function endsTheJob(job: Pick<ClusterJob, "attempts" | "maxAttempts">, error: unknown): boolean {
  return isPermanentFailure(error) || job.attempts >= job.maxAttempts;
}
