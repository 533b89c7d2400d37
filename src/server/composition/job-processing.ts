import { requireDatabaseUrl } from "@/server/config/env";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisorySession } from "@/server/infra/db/pg-advisory-claims";
import { createTaskMetrics } from "@/server/observability/task-metrics";
import { TaskScheduler } from "@/server/services/background/task-scheduler";
import type { TaskHealth } from "@/server/services/background/task-health";
import { JobRunner } from "@/server/services/jobs/job-runner";
import { backgroundTasks } from "./background-tasks";
import { createJobHandlerRegistry, type JobHandlerHooks } from "./job-handlers";
import type { Runtime } from "./runtime";

/** Leases cluster jobs (woken by the runtime's wake-ups: in memory in single-node mode, RabbitMQ otherwise). */
export async function startJobRunner(runtime: Runtime, owner: string, hooks: JobHandlerHooks = {}): Promise<{ runner: JobRunner; stop(): Promise<void> }> {
  const { config, deps, log, clusterRuntime } = runtime;
  const runner = new JobRunner({
    store: deps.jobs,
    registry: createJobHandlerRegistry(clusterRuntime, hooks),
    wakeups: deps.wakeups,
    owner,
    leaseMs: config.jobLeaseSeconds * 1_000,
    pollIntervalMs: config.jobPollIntervalMs,
    concurrency: config.jobConcurrency,
    logger: log.child({ component: "job-runner" }),
    metrics: runtime.metrics.jobs,
  });
  await runner.start();
  return { runner, stop: () => runner.stop() };
}

export interface JobProcessing {
  runner: JobRunner;
  scheduler: TaskScheduler;
  /** What each background task of this process is doing (the heartbeat row, the admin's Platform health page). */
  health(): TaskHealth[];
  /** What the worker's /readyz reports: the job runner leasing, the background scheduler started and not stopped. */
  running(): { jobRunner: boolean; background: boolean };
  /** Stops the background tasks (waiting for their passes), then the job runner (bounded by its grace). */
  stop(): Promise<void>;
}

/**
 * Starts what a job-processing process runs (the worker; the web process in single-node mode): the job runner, then
 * the background engine with every task of composition/background-tasks.ts. The process holds one PostgreSQL session
 * for all its claims (the node observer's clusters and the leader tasks), named after `owner` in pg_stat_activity.
 */
export async function startJobProcessing(runtime: Runtime, owner: string): Promise<JobProcessing> {
  const claimsSession = new PgAdvisorySession({ connectionString: requireDatabaseUrl(runtime.config), applicationName: `kubebyon claims (${owner})` });
  let scheduler: TaskScheduler | undefined;
  const jobRunner = await startJobRunner(runtime, owner, { afterClusterLifecycleJob: () => scheduler?.notify("cluster-lifecycle-job") });
  try {
    scheduler = new TaskScheduler({
      tasks: backgroundTasks({ runtime, owner, observerClaims: claimsSession.claims(sessionLocks.nodeObserverClaimsClass), health: () => scheduler?.health() ?? [] }),
      claims: claimsSession.claims(sessionLocks.loopLeadershipClass),
      log: runtime.log.child({ component: "background" }),
      observers: [createTaskMetrics(runtime.metrics.registry)],
    });
  } catch (error) {
    await jobRunner.stop();
    await claimsSession.close();
    throw error;
  }
  const running = scheduler;
  running.start();
  runtime.backgroundTriggers.attach(running);
  return {
    runner: jobRunner.runner,
    scheduler: running,
    health: () => running.health(),
    running: () => ({ jobRunner: jobRunner.runner.isRunning(), background: running.isRunning() }),
    async stop() {
      runtime.backgroundTriggers.detach(running);
      await running.stop().catch((error: unknown) => runtime.log.error("the background tasks did not stop cleanly", { err: error }));
      await jobRunner.stop().catch((error: unknown) => runtime.log.error("the job runner did not stop cleanly", { err: error }));
      await claimsSession.close();
    },
  };
}
