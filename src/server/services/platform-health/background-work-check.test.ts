import { describe, expect, it } from "vitest";
import type { ProcessView, TaskView } from "@/server/services/background/process-view";
import { checkBackgroundWork } from "./background-work-check";

const task = (over: Partial<TaskView>): TaskView => ({
  name: "dns-sync",
  scope: "leader",
  state: "ok",
  interval_seconds: 60,
  running: false,
  last_start_at: null,
  last_success_at: "2026-12-01T11:59:00.000Z",
  last_error_at: null,
  last_error: null,
  error_streak: 0,
  last_duration_ms: 10,
  ...over,
});
const proc = (id: string, over: Partial<ProcessView>): ProcessView => ({
  id,
  process: "kubebyon-worker",
  hostname: "node-a",
  pid: 1,
  started_at: "2026-12-01T11:00:00.000Z",
  beat_at: "2026-12-01T11:59:50.000Z",
  state: "beating",
  tasks: [],
  ...over,
});

describe("checkBackgroundWork", () => {
  it("is an error when no process beats, naming the last one seen", () => {
    expect(checkBackgroundWork([])).toMatchObject({ status: "error", detail: "No process runs background work.", nextStep: expect.stringMatching(/kubebyon-worker/) });
    expect(checkBackgroundWork([proc("worker-1", { state: "silent" })])).toMatchObject({ status: "error", detail: expect.stringContaining("worker-1 at 2026-12-01T11:59:50.000Z") });
  });

  it("is ok when the leader tasks are led and nothing fails", () => {
    const leader = proc("worker-1", { tasks: [task({})] });
    const follower = proc("worker-2", { tasks: [task({ state: "following" })] });
    expect(checkBackgroundWork([leader, follower])).toEqual({ status: "ok", detail: "2 processes run background work." });
  });

  it("warns of a silent process, a failing or late task, and a leader task nobody leads", () => {
    const result = checkBackgroundWork([
      proc("worker-1", { tasks: [task({ state: "failing", error_streak: 3, last_error: "zone not found" }), task({ name: "node-alerts", state: "late" }), task({ name: "route-plans", state: "following" })] }),
      proc("worker-2", { state: "silent", beat_at: "2026-12-01T11:50:00.000Z" }),
    ]);
    expect(result.status).toBe("warning");
    expect(result.detail).toContain("worker-2 (node-a) is silent since 2026-12-01T11:50:00.000Z");
    expect(result.detail).toContain("dns-sync fails on worker-1 (3 passes): zone not found");
    expect(result.detail).toContain("node-alerts is late on worker-1");
    expect(result.detail).toContain("route-plans is led by no process yet");
  });
});
