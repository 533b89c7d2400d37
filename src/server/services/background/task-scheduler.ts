import { retryDelayMs } from "@/server/domain/jobs/retry-backoff";
import type { Logger } from "@/server/observability/logger";
import type { BoundTask, TaskTrigger } from "./background-task";
import type { LeaderClaims } from "./leader-claims";
import { systemTaskClock, type TaskClock } from "./task-clock";
import type { TaskHealth } from "./task-health";

/** Told about every pass (the Prometheus metrics, observability/task-metrics.ts). */
export interface TaskPassObserver {
  passStarted(health: TaskHealth): void;
  passEnded(health: TaskHealth, outcome: "success" | "failure"): void;
  /** The task's leading flag changed, or the scheduler registered it (first call). */
  leadingChanged(health: TaskHealth): void;
}

export interface TaskSchedulerOptions {
  tasks: readonly BoundTask[];
  /** Required when a task is a leader task. */
  claims?: LeaderClaims;
  log: Logger;
  clock?: TaskClock;
  observers?: readonly TaskPassObserver[];
  /** Backoff jitter; tests pin it. */
  random?: () => number;
}

interface TaskState {
  task: BoundTask;
  health: TaskHealth;
  timer: unknown;
  running: Promise<void> | null;
  /** A trigger arrived during a pass: run once more right after it. */
  again: boolean;
  /** The next pass was asked for by a trigger (runs here even on a follower). */
  requested: boolean;
  lastErrorText: string | undefined;
  lastSummaryKey: string | undefined;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one background engine: runs every bound task of a process — a first pass at start, then every interval, never
 * two passes of one task at once, triggers during a pass folded into one more pass after it, backoff after a failed
 * pass, the task's summary logged only when it changed, and a leader task's timed passes only where this process
 * holds its claim. stop() aborts the passes' signal and waits for them, then closes the tasks and the claims.
 */
export class TaskScheduler {
  private readonly states = new Map<string, TaskState>();
  private readonly clock: TaskClock;
  private readonly stopping = new AbortController();
  private started = false;
  private stopped = false;

  constructor(private readonly options: TaskSchedulerOptions) {
    this.clock = options.clock ?? systemTaskClock;
    const at = this.clock.now();
    for (const task of options.tasks) {
      if (this.states.has(task.name)) throw new Error(`two background tasks are named ${task.name}`);
      this.states.set(task.name, {
        task,
        health: {
          name: task.name,
          scope: task.scope,
          intervalMs: task.intervalMs,
          leading: task.scope === "each-process",
          running: false,
          scheduledAt: at,
          lastStartAt: null,
          lastSuccessAt: null,
          lastErrorAt: null,
          lastError: null,
          errorStreak: 0,
          lastDurationMs: null,
        },
        timer: undefined,
        running: null,
        again: false,
        requested: false,
        lastErrorText: undefined,
        lastSummaryKey: undefined,
      });
    }
    if (!options.claims && options.tasks.some((t) => t.scope === "leader")) throw new Error("leader tasks need leader claims");
    options.claims?.onLost((error) => {
      if (this.stopped) return;
      options.log.warn("lost the claims of the leader tasks; another process takes them over at its next tick", { error: error.message });
      for (const state of this.states.values()) if (state.task.scope === "leader") this.setLeading(state, false);
    });
  }

  /** Schedules every task's first pass now. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const state of this.states.values()) {
      this.observe((o) => o.leadingChanged({ ...state.health }));
      this.schedule(state, 0);
    }
  }

  isRunning(): boolean {
    return this.started && !this.stopped;
  }

  /** A pass of `name` soon, in this process; false when no such task runs here. */
  trigger(name: string): boolean {
    const state = this.states.get(name);
    if (!state || this.stopped) return false;
    state.requested = true;
    if (state.running) state.again = true;
    else if (this.started) this.schedule(state, 0);
    return true;
  }

  /** Triggers every task that declared `event`. */
  notify(event: TaskTrigger): void {
    for (const state of this.states.values()) if (state.task.triggers.includes(event)) this.trigger(state.task.name);
  }

  health(): TaskHealth[] {
    return [...this.states.values()].map((s) => ({ ...s.health }));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopping.abort();
    for (const state of this.states.values()) this.clock.clearTimer(state.timer);
    await Promise.all([...this.states.values()].map((s) => s.running));
    for (const state of [...this.states.values()].reverse()) {
      await state.task.close().catch((error: unknown) => this.options.log.error("a background task did not close cleanly", { task: state.task.name, error: errorText(error) }));
    }
    await this.options.claims?.close();
  }

  private schedule(state: TaskState, ms: number): void {
    if (this.stopped) return;
    this.clock.clearTimer(state.timer);
    state.timer = this.clock.setTimer(() => this.run(state), ms);
  }

  private run(state: TaskState): void {
    if (this.stopped) return;
    if (state.running) {
      state.again = true;
      return;
    }
    const requested = state.requested;
    state.requested = false;
    state.running = (async () => {
      const nextMs = await this.pass(state, requested);
      state.running = null;
      if (state.again) {
        state.again = false;
        this.schedule(state, 0);
      } else this.schedule(state, nextMs);
    })();
  }

  /** One pass (or a follower's look at the claim); never throws; returns when to run next. */
  private async pass(state: TaskState, requested: boolean): Promise<number> {
    const { task, health } = state;
    const log = this.options.log;
    if (task.scope === "leader" && !requested && this.options.claims) {
      const leads = await this.options.claims.tryClaim(task.name).catch((error: unknown) => {
        log.warn("could not ask for the lead of a background task; skipping this tick", { task: task.name, error: errorText(error) });
        return false;
      });
      this.setLeading(state, leads);
      if (!leads) {
        task.whileFollowing();
        return task.intervalMs;
      }
    }
    const startedAt = this.clock.now();
    health.running = true;
    health.lastStartAt = startedAt;
    this.observe((o) => o.passStarted({ ...health }));
    let failure: { text: string; afterMs: number } | undefined;
    try {
      const result = await task.run(this.stopping.signal);
      this.logSummary(state, result);
      const retry = task.retry(result);
      if (retry) failure = { text: retry.reason, afterMs: retry.afterMs ?? 0 };
    } catch (error) {
      failure = { text: errorText(error), afterMs: 0 };
    }
    const endedAt = this.clock.now();
    health.running = false;
    health.lastDurationMs = endedAt - startedAt;
    if (!failure) {
      if (state.lastErrorText !== undefined) log.info("a background task works again", { task: task.name, failed_passes: health.errorStreak });
      state.lastErrorText = undefined;
      health.errorStreak = 0;
      health.lastSuccessAt = endedAt;
      this.observe((o) => o.passEnded({ ...health }, "success"));
      return task.intervalMs;
    }
    health.errorStreak += 1;
    health.lastErrorAt = endedAt;
    health.lastError = failure.text;
    const delay = Math.max(retryDelayMs(health.errorStreak, task.backoff, this.options.random), failure.afterMs);
    if (failure.text !== state.lastErrorText && !this.stopped) {
      log.warn("a background task's pass failed; retried with backoff", { task: task.name, error: failure.text, next_pass_in_ms: delay });
    }
    state.lastErrorText = failure.text;
    this.observe((o) => o.passEnded({ ...health }, "failure"));
    return delay;
  }

  private logSummary(state: TaskState, result: unknown): void {
    const summary = state.task.summary(result);
    const key = summary && (summary.key ?? JSON.stringify([summary.level, summary.message, summary.fields ?? null]));
    if (key === state.lastSummaryKey && !summary?.changed) return;
    state.lastSummaryKey = key;
    if (summary) this.options.log[summary.level](summary.message, { task: state.task.name, ...summary.fields });
  }

  private setLeading(state: TaskState, leading: boolean): void {
    if (state.health.leading === leading) return;
    state.health.leading = leading;
    this.observe((o) => o.leadingChanged({ ...state.health }));
  }

  private observe(call: (observer: TaskPassObserver) => void): void {
    for (const observer of this.options.observers ?? []) {
      try {
        call(observer);
      } catch (error) {
        this.options.log.warn("a background task observer failed", { error: errorText(error) });
      }
    }
  }
}
