import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import type { BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import { createLogger, type Logger } from "@/server/observability/logger";
import { bindTask, type BackgroundTask } from "@/server/services/background/background-task";
import type { LeaderClaims } from "@/server/services/background/leader-claims";
import { TaskScheduler } from "@/server/services/background/task-scheduler";
import type { NodeObserver } from "@/server/services/nodes/node-observer";
import { nodeObserverRescanTask } from "@/server/services/nodes/node-observer-rescan.task";

/** A process that always leads: for tests of one task in one process. */
export const alwaysLeading = (): LeaderClaims => ({ tryClaim: () => Promise.resolve(true), onLost: () => undefined, close: () => Promise.resolve() });

/** The leader claims a process of the product makes (one session, the leader tasks' lock class), on a test database. */
export const leaderClaimsOn = (databaseUrl: string, owner: string): LeaderClaims =>
  new PgAdvisoryClaims({ connectionString: databaseUrl, lockClass: sessionLocks.loopLeadershipClass, applicationName: `test claims (${owner})` });

export interface RunningTask<Result> {
  scheduler: TaskScheduler;
  /** A pass soon, as a trigger of the product would ask for one. */
  trigger(): void;
  /** What each pass returned or threw, in order. */
  passes: Array<Result | Error>;
  stop(): Promise<void>;
}

/**
 * Runs one task on the product's scheduler, as composition/job-processing.ts does, with the test's interval, leader
 * claims (default: this process always leads) and backoff; every pass's result is recorded.
 */
export function startTestTask<Deps, Result>(
  task: BackgroundTask<Deps, Result>,
  deps: Deps,
  options: { intervalMs: number; claims?: LeaderClaims; backoff?: BackoffPolicy; log?: Logger; onPass?: (result: Result | Error) => void },
): RunningTask<Result> {
  const passes: Array<Result | Error> = [];
  const record = (result: Result | Error) => {
    passes.push(result);
    options.onPass?.(result);
  };
  const observed: BackgroundTask<Deps, Result> = {
    ...task,
    ...(options.backoff ? { backoff: () => options.backoff as BackoffPolicy } : {}),
    async run(taskDeps, signal) {
      try {
        const result = await task.run(taskDeps, signal);
        record(result);
        return result;
      } catch (error) {
        record(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
  };
  const scheduler = new TaskScheduler({
    tasks: [bindTask(observed, deps, { intervalMs: options.intervalMs })],
    claims: options.claims ?? alwaysLeading(),
    log: options.log ?? createLogger({ level: "error" }),
  });
  scheduler.start();
  return { scheduler, passes, trigger: () => void scheduler.trigger(task.name), stop: () => scheduler.stop() };
}

/**
 * The node observer as a job-processing process runs it: its rescans are the node-observer-rescan task's passes.
 * observer.stop() then stops the task (its last pass) and the watches, as stopping the process does.
 */
export function startNodeObserverRescans(observer: NodeObserver, intervalMs: number): NodeObserver {
  const stopWatches = observer.stop.bind(observer);
  const running = startTestTask(nodeObserverRescanTask, { rescan: () => observer.rescan(), stop: stopWatches }, { intervalMs });
  observer.stop = () => running.stop();
  return observer;
}
