import { describeError } from "@/server/domain/jobs/lease-rules";
import type { JobLogger } from "./job-logger";
import type { JobWakeups } from "./job-wakeups";

/**
 * Call after the transaction that enqueued the job has committed (a runner
 * woken earlier would not see the row yet). A failed publish only delays the
 * job until the next poll, so it is logged, never thrown.
 */
export async function publishJobWakeup(wakeups: JobWakeups | undefined, jobId: string, log: JobLogger): Promise<void> {
  if (!wakeups) return;
  try {
    await wakeups.publish(jobId);
  } catch (error) {
    log.warn("could not publish job wake-up; a runner will find the job on its next poll", { jobId, error: describeError(error) });
  }
}
