import type { Config } from "@/server/config/env";
import type { BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { LogFields } from "@/server/observability/logger";

/**
 * `leader`: one process of the deployment runs the task's timed passes (a PostgreSQL advisory claim elects it; a
 * follower takes over within one interval when the leader's session ends). `each-process`: every process that runs
 * background work runs it (its own HAProxy, its own host routes, rows claimed with SKIP LOCKED).
 */
export type TaskScope = "leader" | "each-process";

/**
 * Events a task may ask to be woken by, besides its timer. A trigger runs a pass in the process where the event
 * happened, leader or not: a leader task that declares triggers serialises its own passes across processes (a pass
 * lock), as the workload edge, admission and DNS passes do.
 */
export const TASK_TRIGGERS = [
  /** A cluster create/update/delete/managed-ingress job ended (done or failed) in this process. */
  "cluster-lifecycle-job",
] as const;
export type TaskTrigger = (typeof TASK_TRIGGERS)[number];

/** One line the engine logs for a pass, only when it differs from the previous pass's line (so a steady task is quiet). */
export interface TaskSummary {
  level: "info" | "warn";
  message: string;
  fields?: LogFields;
  /** What must differ from the last pass's for the line to be logged again; default: the whole line. */
  key?: string;
  /** The pass changed something (a route replaced): logged even when the key is the same. */
  changed?: boolean;
}

/**
 * A pass that ended without throwing but asks to be retried early (transient provider failures, a Retry-After):
 * counted as a failure in the task's health, retried with the task's backoff, and not sooner than `afterMs`.
 */
export interface RetryRequest {
  reason: string;
  afterMs?: number;
}

/**
 * A periodic or converging piece of work of one service area (services/<area>/<name>.task.ts). It knows its own
 * schedule and log policy; composition only binds it to its deps (composition/background-tasks.ts), and the engine
 * (task-scheduler.ts) runs it: a first pass at start, then every interval, never two passes at once in a process.
 */
export interface BackgroundTask<Deps, Result = unknown> {
  /** Stable, kebab-case: the metrics' `task` label, the heartbeat row, the leader claim key, `trigger(name)`. */
  name: string;
  scope: TaskScope;
  /** Milliseconds between two passes, from the deployment's settings. */
  intervalMs(config: Config): number;
  /** One pass. `signal` aborts when the process stops; a long pass checks it between units of work. */
  run(deps: Deps, signal: AbortSignal): Promise<Result>;
  /** What the engine logs after a successful pass, only when it changed since the last pass. */
  summary?(result: Result): TaskSummary | undefined;
  /** A successful pass that still wants an early retry (see RetryRequest). */
  retry?(result: Result): RetryRequest | undefined;
  /** After failures: default 2 s doubling, never later than the interval. */
  backoff?(intervalMs: number): BackoffPolicy;
  triggers?: readonly TaskTrigger[];
  /** A leader task that is not leading runs this at each tick instead (forget per-leader memory such as counters). */
  whileFollowing?(deps: Deps): void;
  /** Releases what the task holds between passes (watches, claims), after its last pass ended. */
  close?(deps: Deps): Promise<void>;
}

/** A task bound to its deps and interval: what the scheduler runs. Built by `bindTask`. */
export interface BoundTask {
  name: string;
  scope: TaskScope;
  intervalMs: number;
  triggers: readonly TaskTrigger[];
  run(signal: AbortSignal): Promise<unknown>;
  summary(result: unknown): TaskSummary | undefined;
  retry(result: unknown): RetryRequest | undefined;
  backoff: BackoffPolicy;
  whileFollowing(): void;
  close(): Promise<void>;
}

/** After a failed pass (an apiserver blip, the database, the pass lock): 2 s, doubling, never later than the interval. */
export const defaultTaskBackoff = (intervalMs: number): BackoffPolicy => ({ baseMs: Math.min(2_000, intervalMs), factor: 2, maxMs: intervalMs, jitter: 0.2 });

/** Where a bound task's interval comes from: the deployment's settings, or a test's own figure. */
export type TaskIntervalSource = { config: Config } | { intervalMs: number };

export function bindTask<Deps, Result>(task: BackgroundTask<Deps, Result>, deps: Deps, source: TaskIntervalSource): BoundTask {
  const intervalMs = "config" in source ? task.intervalMs(source.config) : source.intervalMs;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) throw new Error(`background task ${task.name}: interval must be a positive number of milliseconds, got ${intervalMs}`);
  return {
    name: task.name,
    scope: task.scope,
    intervalMs,
    triggers: task.triggers ?? [],
    run: (signal) => task.run(deps, signal),
    summary: (result) => task.summary?.(result as Result),
    retry: (result) => task.retry?.(result as Result),
    backoff: (task.backoff ?? defaultTaskBackoff)(intervalMs),
    whileFollowing: () => task.whileFollowing?.(deps),
    close: () => task.close?.(deps) ?? Promise.resolve(),
  };
}
