import { describe, expect, it } from "vitest";
import { healthStreak, type StatusEvent } from "./health-streak";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const ev = (type: string, s: number): StatusEvent => ({ type, observedAt: at(s) });
/** Events given oldest first for readability; the function takes newest first. */
const newest = (...events: StatusEvent[]) => [...events].reverse();

describe("healthStreak", () => {
  it("an unhealthy node's streak starts at its first NotReady/Offline after the last Ready", () => {
    const events = newest(ev("joined", 0), ev("ready", 1), ev("not_ready", 100), ev("offline", 160), ev("cordoned", 170));
    expect(healthStreak("unknown", events, at(0), true)).toEqual({ healthy: false, status: "unknown", since: at(100) });
  });

  it("a node that never became Ready has been unhealthy since it joined", () => {
    expect(healthStreak("not_ready", newest(ev("joined", 5)), at(5), true)).toEqual({ healthy: false, status: "not_ready", since: at(5) });
    expect(healthStreak("not_ready", newest(ev("joined", 5), ev("offline", 50), ev("not_ready", 60)), at(5), true).since).toEqual(at(5));
  });

  it("a Ready node's streak starts at its last Ready event, not at the join before it", () => {
    expect(healthStreak("ready", newest(ev("joined", 0), ev("ready", 1)), at(0), true).since).toEqual(at(1));
    expect(healthStreak("ready", newest(ev("joined", 0), ev("ready", 1), ev("not_ready", 10), ev("ready", 40)), at(0), true).since).toEqual(at(40));
  });

  it("a re-join ends the walk back: what happened before the node was deleted does not count", () => {
    const events = newest(ev("joined", 0), ev("not_ready", 10), ev("deleted", 20), ev("joined", 30));
    expect(healthStreak("not_ready", events, at(30), true).since).toEqual(at(30));
  });

  it("with a truncated history it never reaches back further than the oldest event read", () => {
    const events = newest(ev("not_ready", 50), ev("offline", 60));
    expect(healthStreak("unknown", events, at(0), false).since).toEqual(at(50));
    expect(healthStreak("unknown", [], at(0), false).since).toEqual(at(0));
  });

  it("with the whole history and no status event, the node's first sighting is the start", () => {
    expect(healthStreak("unknown", [ev("cordoned", 9)], at(3), true)).toEqual({ healthy: false, status: "unknown", since: at(3) });
  });
});
