import { describe, expect, it } from "vitest";
import type { StatusEvent } from "./health-streak";
import { timeInState } from "./time-in-state";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0) + s * 1000);
const ev = (type: string, s: number): StatusEvent => ({ type, observedAt: at(s) });

describe("timeInState", () => {
  it("adds up each state and lets the current one run to now", () => {
    const events = [ev("joined", 0), ev("ready", 10), ev("cordoned", 20), ev("not_ready", 110), ev("offline", 140), ev("ready", 200)];
    expect(timeInState(events, at(260))).toEqual({
      ready_seconds: 100 + 60,
      not_ready_seconds: 10 + 30,
      offline_seconds: 60,
      current_state: "ready",
      current_since: at(200).toISOString(),
      tracked_since: at(0).toISOString(),
    });
  });

  it("counts nothing while the node was deleted, and resumes on a re-join", () => {
    const events = [ev("joined", 0), ev("ready", 0), ev("deleted", 100), ev("joined", 1000), ev("not_ready", 1000), ev("ready", 1030)];
    const result = timeInState(events, at(1060));
    expect(result).toMatchObject({ ready_seconds: 130, not_ready_seconds: 30, offline_seconds: 0, current_state: "ready" });
  });

  it("stops at the deletion for a node that is gone", () => {
    expect(timeInState([ev("joined", 0), ev("ready", 5), ev("deleted", 65)], at(10_000))).toMatchObject({ ready_seconds: 60, not_ready_seconds: 5, current_state: "deleted", current_since: at(65).toISOString() });
  });

  it("knows nothing without events", () => {
    expect(timeInState([], at(10))).toEqual({ ready_seconds: 0, not_ready_seconds: 0, offline_seconds: 0, current_state: null, current_since: null, tracked_since: null });
  });

  it("never counts negative time for an event stamped after now or out of order", () => {
    const result = timeInState([ev("joined", 0), ev("ready", 50), ev("offline", 40)], at(30));
    expect(result.ready_seconds).toBe(0);
    expect(result.offline_seconds).toBe(0);
    expect(result.not_ready_seconds).toBe(50);
  });

  it("rounds to whole seconds (a snapshot's events are stamped 1 ms apart)", () => {
    const events = [{ type: "joined", observedAt: at(0) }, { type: "ready", observedAt: new Date(at(0).getTime() + 1) }];
    expect(timeInState(events, new Date(at(0).getTime() + 3_000))).toMatchObject({ not_ready_seconds: 0, ready_seconds: 3 });
    expect(timeInState(events, new Date(at(0).getTime() + 3_400))).toMatchObject({ ready_seconds: 3 });
  });
});
