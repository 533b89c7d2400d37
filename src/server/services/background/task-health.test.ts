import { describe, expect, it } from "vitest";
import { isTaskLate, taskStateOf, type TaskHealth } from "./task-health";

const health = (over: Partial<TaskHealth>): TaskHealth => ({
  name: "t",
  scope: "leader",
  intervalMs: 10_000,
  leading: true,
  running: false,
  scheduledAt: 0,
  lastStartAt: null,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  errorStreak: 0,
  lastDurationMs: null,
  ...over,
});

describe("task health", () => {
  it("is late after three intervals without a success where it leads, counted from the start when it never succeeded", () => {
    expect(isTaskLate(health({}), 30_000)).toBe(false);
    expect(isTaskLate(health({}), 30_001)).toBe(true);
    expect(isTaskLate(health({ lastSuccessAt: 25_000 }), 55_000)).toBe(false);
    expect(isTaskLate(health({ lastSuccessAt: 25_000 }), 55_001)).toBe(true);
    expect(isTaskLate(health({ leading: false }), 1_000_000)).toBe(false);
  });

  it("says following, failing, late, starting or ok, in that order of precedence", () => {
    expect(taskStateOf(health({ leading: false, errorStreak: 2 }), 0)).toBe("following");
    expect(taskStateOf(health({ errorStreak: 1 }), 100_000)).toBe("failing");
    expect(taskStateOf(health({}), 100_000)).toBe("late");
    expect(taskStateOf(health({}), 5_000)).toBe("starting");
    expect(taskStateOf(health({ lastSuccessAt: 4_000 }), 5_000)).toBe("ok");
  });
});
