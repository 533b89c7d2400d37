import { describeError } from "@/server/domain/jobs/lease-rules";
import { silentJobLogger, type JobLogger } from "./job-logger";
import type { JobWakeups, WakeupHandler, WakeupSubscription } from "./job-wakeups";

/**
 * Wake-ups inside one process, for single-node mode: the web process
 * enqueues a job and its own runner starts it without waiting for a poll.
 */
export class InProcessJobWakeups implements JobWakeups {
  private readonly handlers = new Set<WakeupHandler>();
  private closed = false;

  constructor(private readonly log: JobLogger = silentJobLogger) {}

  async publish(jobId: string): Promise<void> {
    if (this.closed) throw new Error("job wake-ups are closed");
    for (const handler of this.handlers) {
      // Deliver after the caller's current work so publish never runs a job inline.
      setImmediate(() => {
        handler(jobId).catch((error: unknown) => {
          this.log.warn("job wake-up handler failed", { jobId, error: describeError(error) });
        });
      });
    }
  }

  async subscribe(handler: WakeupHandler): Promise<WakeupSubscription> {
    if (this.closed) throw new Error("job wake-ups are closed");
    this.handlers.add(handler);
    return {
      unsubscribe: async () => {
        this.handlers.delete(handler);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}
