import type { JobHandlerRegistry } from "./handler-registry";
import { InProcessJobWakeups } from "./in-process-job-wakeups";
import { silentJobLogger, type JobLogger } from "./job-logger";
import { JobRunner } from "./job-runner";
import type { JobLeaseStore } from "./job-store";
import type { JobWakeups } from "./job-wakeups";

export interface InProcessJobExecutorDeps {
  store: JobLeaseStore;
  registry: JobHandlerRegistry;
  owner: string;
  leaseMs: number;
  pollIntervalMs: number;
  concurrency?: number;
  shutdownGraceMs?: number;
  logger?: JobLogger;
  /** The in-memory wake-ups use cases publish to; created here when not given. */
  wakeups?: InProcessJobWakeups;
}

export interface InProcessJobExecutor {
  /** Publish enqueued job ids here (see publishJobWakeup) so they start without waiting for a poll. */
  wakeups: JobWakeups;
  runner: JobRunner;
  stop(): Promise<void>;
}

/**
 * Single-node mode (no RabbitMQ configured): the web process runs the same
 * runner the worker runs, woken in memory. Leases still go through the
 * database, so a standalone worker added later can share the queue safely.
 */
export async function startInProcessJobExecutor(deps: InProcessJobExecutorDeps): Promise<InProcessJobExecutor> {
  const logger = deps.logger ?? silentJobLogger;
  const wakeups = deps.wakeups ?? new InProcessJobWakeups(logger);
  const runner = new JobRunner({ ...deps, logger, wakeups });
  await runner.start();
  return {
    wakeups,
    runner,
    stop: async () => {
      await runner.stop();
      await wakeups.close();
    },
  };
}
