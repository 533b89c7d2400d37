import { describe, expect, it } from "vitest";
import { createLogger } from "@/server/observability/logger";
import { bindTask, type BackgroundTask, type TaskSummary } from "./background-task";
import type { LeaderClaims } from "./leader-claims";
import type { TaskClock } from "./task-clock";
import { TaskScheduler } from "./task-scheduler";

/** A clock whose timers fire only when the test advances it. */
class FakeClock implements TaskClock {
  private at = 1_000_000;
  private seq = 0;
  private readonly timers = new Map<number, { due: number; callback: () => void }>();
  now = () => this.at;
  setTimer(callback: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { due: this.at + Math.max(0, ms), callback });
    return id;
  }
  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Moves time forward, firing due timers in order and letting the passes they start settle. */
  async advance(ms: number): Promise<void> {
    const until = this.at + ms;
    for (;;) {
      await settle();
      const next = [...this.timers.entries()].sort((a, b) => a[1].due - b[1].due)[0];
      if (!next || next[1].due > until) break;
      this.timers.delete(next[0]);
      this.at = next[1].due;
      next[1].callback();
    }
    this.at = until;
    await settle();
  }
}

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

class FakeClaims implements LeaderClaims {
  leader = true;
  closed = false;
  private readonly lost: Array<(error: Error) => void> = [];
  tryClaim = () => Promise.resolve(this.leader);
  onLost(listener: (error: Error) => void) {
    this.lost.push(listener);
  }
  loseAll() {
    this.leader = false;
    for (const l of this.lost) l(new Error("session ended"));
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

function captureLog() {
  const lines: Array<{ level: string; msg: string; [k: string]: unknown }> = [];
  const log = createLogger({ level: "debug", write: (line) => lines.push(JSON.parse(line) as { level: string; msg: string }) });
  return { log, lines };
}

/** A task whose passes the test releases one by one. */
function gatedTask(overrides: Partial<BackgroundTask<unknown, number>> = {}) {
  const passes: Array<{ release: (value?: number) => void; fail: (error: Error) => void; signal: AbortSignal }> = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const task: BackgroundTask<unknown, number> = {
    name: "gated",
    scope: "each-process",
    intervalMs: () => 60_000,
    run: (_deps, signal) =>
      new Promise<number>((resolve, reject) => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        const done = () => (concurrent -= 1);
        passes.push({ release: (v = 0) => (done(), resolve(v)), fail: (e) => (done(), reject(e)), signal });
      }),
    ...overrides,
  };
  return { task, passes, maxConcurrent: () => maxConcurrent };
}

function schedulerOf(tasks: ReturnType<typeof bindTask>[], opts: { claims?: FakeClaims; clock?: FakeClock } = {}) {
  const clock = opts.clock ?? new FakeClock();
  const claims = opts.claims ?? new FakeClaims();
  const { log, lines } = captureLog();
  const scheduler = new TaskScheduler({ tasks, claims, log, clock, random: () => 0 });
  return { scheduler, clock, claims, lines };
}

describe("TaskScheduler", () => {
  it("runs a first pass at start and then every interval", async () => {
    const g = gatedTask();
    const { scheduler, clock } = schedulerOf([bindTask(g.task, {}, { intervalMs: 60_000 })]);
    scheduler.start();
    await clock.advance(0);
    expect(g.passes).toHaveLength(1);
    g.passes[0]!.release();
    await clock.advance(59_999);
    expect(g.passes).toHaveLength(1);
    await clock.advance(1);
    expect(g.passes).toHaveLength(2);
    g.passes[1]!.release();
    await scheduler.stop();
  });

  it("never runs two passes of a task at once, and folds triggers during a pass into one more pass", async () => {
    const g = gatedTask();
    const { scheduler, clock } = schedulerOf([bindTask(g.task, {}, { intervalMs: 1_000 })]);
    scheduler.start();
    await clock.advance(0);
    // A pass longer than several intervals, triggered three times meanwhile.
    await clock.advance(5_000);
    expect(scheduler.trigger("gated")).toBe(true);
    scheduler.trigger("gated");
    scheduler.trigger("gated");
    expect(g.passes).toHaveLength(1);
    g.passes[0]!.release();
    await clock.advance(0);
    expect(g.passes).toHaveLength(2);
    g.passes[1]!.release();
    await clock.advance(999);
    expect(g.passes).toHaveLength(2);
    expect(g.maxConcurrent()).toBe(1);
    expect(scheduler.trigger("no-such-task")).toBe(false);
    await scheduler.stop();
  });

  it("notify() triggers the tasks that declared the event", async () => {
    const a = gatedTask({ name: "a", triggers: ["cluster-lifecycle-job"] });
    const b = gatedTask({ name: "b" });
    const { scheduler, clock } = schedulerOf([bindTask(a.task, {}, { intervalMs: 60_000 }), bindTask(b.task, {}, { intervalMs: 60_000 })]);
    scheduler.start();
    await clock.advance(0);
    a.passes[0]!.release();
    b.passes[0]!.release();
    await clock.advance(10);
    scheduler.notify("cluster-lifecycle-job");
    await clock.advance(0);
    expect(a.passes).toHaveLength(2);
    expect(b.passes).toHaveLength(1);
    a.passes[1]!.release();
    await scheduler.stop();
  });

  it("backs off after failures (doubling, capped at the interval), counts the streak and logs a repeated error once", async () => {
    const g = gatedTask();
    const { scheduler, clock, lines } = schedulerOf([bindTask(g.task, {}, { intervalMs: 10_000 })]);
    scheduler.start();
    await clock.advance(0);
    g.passes[0]!.fail(new Error("apiserver down"));
    await clock.advance(1_999);
    expect(g.passes).toHaveLength(1);
    await clock.advance(1);
    expect(g.passes).toHaveLength(2);
    g.passes[1]!.fail(new Error("apiserver down"));
    await clock.advance(4_000);
    expect(g.passes).toHaveLength(3);
    expect(scheduler.health()[0]).toMatchObject({ errorStreak: 2, lastError: "apiserver down", lastSuccessAt: null });
    g.passes[2]!.fail(new Error("apiserver down"));
    await clock.advance(8_000);
    g.passes[3]!.fail(new Error("apiserver down"));
    // 16 s would exceed the interval: capped at 10 s.
    await clock.advance(10_000);
    expect(g.passes).toHaveLength(5);
    g.passes[4]!.release();
    await clock.advance(0);
    const failed = lines.filter((l) => l.msg.includes("pass failed"));
    expect(failed).toHaveLength(1);
    expect(lines.filter((l) => l.msg.includes("works again"))).toHaveLength(1);
    expect(scheduler.health()[0]).toMatchObject({ errorStreak: 0, lastError: "apiserver down" });
    expect(scheduler.health()[0]!.lastSuccessAt).toBe(clock.now());
    await scheduler.stop();
  });

  it("retries a pass that asked for it no sooner than it said, and counts it as failing", async () => {
    const g = gatedTask({ retry: (n) => (n > 0 ? { reason: `${n} records failed`, afterMs: 30_000 } : undefined) });
    const { scheduler, clock } = schedulerOf([bindTask(g.task, {}, { intervalMs: 600_000 })]);
    scheduler.start();
    await clock.advance(0);
    g.passes[0]!.release(2);
    await clock.advance(29_999);
    expect(g.passes).toHaveLength(1);
    await clock.advance(1);
    expect(g.passes).toHaveLength(2);
    expect(scheduler.health()[0]).toMatchObject({ errorStreak: 1, lastError: "2 records failed" });
    g.passes[1]!.release(0);
    await clock.advance(0);
    expect(scheduler.health()[0]).toMatchObject({ errorStreak: 0 });
    await scheduler.stop();
  });

  it("logs the summary only when it changed", async () => {
    const g = gatedTask({ summary: (n): TaskSummary | undefined => (n === 0 ? undefined : { level: "info", message: "changed things", fields: { changed: n } }) });
    const { scheduler, clock, lines } = schedulerOf([bindTask(g.task, {}, { intervalMs: 1_000 })]);
    scheduler.start();
    for (const [i, n] of [1, 1, 2, 0, 0, 2].entries()) {
      await clock.advance(i === 0 ? 0 : 1_000);
      g.passes[i]!.release(n);
    }
    await clock.advance(0);
    expect(lines.filter((l) => l.msg === "changed things").map((l) => l.changed)).toEqual([1, 2, 2]);
    await scheduler.stop();
  });

  it("runs a leader task's timed passes only while it leads; a trigger runs here anyway; losing the session makes it a follower", async () => {
    const g = gatedTask({ scope: "leader" });
    let forgot = 0;
    const withFollow = { ...g.task, whileFollowing: () => (forgot += 1) };
    const claims = new FakeClaims();
    claims.leader = false;
    const { scheduler, clock } = schedulerOf([bindTask(withFollow, {}, { intervalMs: 1_000 })], { claims });
    scheduler.start();
    await clock.advance(3_000);
    expect(g.passes).toHaveLength(0);
    expect(forgot).toBe(4);
    expect(scheduler.health()[0]).toMatchObject({ leading: false });
    scheduler.trigger("gated");
    await clock.advance(0);
    expect(g.passes).toHaveLength(1);
    g.passes[0]!.release();
    claims.leader = true;
    await clock.advance(1_000);
    expect(g.passes).toHaveLength(2);
    expect(scheduler.health()[0]).toMatchObject({ leading: true });
    g.passes[1]!.release();
    claims.loseAll();
    expect(scheduler.health()[0]).toMatchObject({ leading: false });
    await clock.advance(1_000);
    expect(g.passes).toHaveLength(2);
    await scheduler.stop();
  });

  it("stop() aborts the pass's signal, waits for it, runs no pass after it, then closes the tasks and the claims", async () => {
    const g = gatedTask();
    let closed = false;
    const { scheduler, clock, claims } = schedulerOf([bindTask({ ...g.task, close: () => Promise.resolve(void (closed = true)) }, {}, { intervalMs: 1_000 })]);
    scheduler.start();
    await clock.advance(0);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await settle();
    expect(g.passes[0]!.signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    expect(closed).toBe(false);
    g.passes[0]!.release();
    await stopping;
    expect(closed).toBe(true);
    expect(claims.closed).toBe(true);
    await clock.advance(10_000);
    expect(g.passes).toHaveLength(1);
    expect(scheduler.trigger("gated")).toBe(false);
    expect(scheduler.isRunning()).toBe(false);
  });

  it("refuses two tasks of one name and a non-positive interval", () => {
    const g = gatedTask();
    expect(() => schedulerOf([bindTask(g.task, {}, { intervalMs: 1 }), bindTask(g.task, {}, { intervalMs: 1 })])).toThrow(/two background tasks are named gated/);
    expect(() => bindTask(g.task, {}, { intervalMs: 0 })).toThrow(/positive/);
  });
});
