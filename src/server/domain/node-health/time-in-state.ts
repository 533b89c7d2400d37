import { z } from "zod";
import type { StatusEvent } from "./health-streak";

/** The states the node page adds time up for; `offline` is Ready=Unknown (the kubelet stopped reporting). */
export const timedNodeStates = ["ready", "not_ready", "offline"] as const;
export type TimedNodeState = (typeof timedNodeStates)[number];

export const timeInStateSchema = z.object({
  ready_seconds: z.number().int().nonnegative(),
  not_ready_seconds: z.number().int().nonnegative(),
  offline_seconds: z.number().int().nonnegative(),
  /** The state the last event put the node in; `deleted` when the node object is gone, null without any event. */
  current_state: z.enum([...timedNodeStates, "deleted"]).nullable(),
  current_since: z.string().nullable(),
  /** The first event counted (the node's first join that the observer saw). */
  tracked_since: z.string().nullable(),
});
export type TimeInState = z.infer<typeof timeInStateSchema>;

const STATE_OF_EVENT: Record<string, TimedNodeState | "deleted" | undefined> = {
  // A node registers before its kubelet reports Ready: until a status event, it counts as not ready.
  joined: "not_ready",
  ready: "ready",
  not_ready: "not_ready",
  offline: "offline",
  deleted: "deleted",
};

/**
 * Time spent Ready / NotReady / Offline over a node's history (its node_events, oldest first);
 * the current state runs to `now`. Time while the node was deleted counts nowhere; cordon events
 * change nothing here. A clock step back between events never subtracts time.
 */
export function timeInState(oldestFirst: readonly StatusEvent[], now: Date): TimeInState {
  const ms: Record<TimedNodeState, number> = { ready: 0, not_ready: 0, offline: 0 };
  let state: TimedNodeState | "deleted" | null = null;
  let since: Date | null = null;
  let trackedSince: Date | null = null;
  const close = (at: Date) => {
    if (state !== null && state !== "deleted" && since !== null) ms[state] += Math.max(0, at.getTime() - since.getTime());
  };
  for (const event of oldestFirst) {
    const next = STATE_OF_EVENT[event.type];
    if (next === undefined) continue;
    // A repeated state (e.g. joined then not_ready) continues the running interval.
    if (next === state) continue;
    close(event.observedAt);
    state = next;
    since = event.observedAt;
    trackedSince ??= event.observedAt;
  }
  close(now);
  // Rounded, not floored: the observer stamps the events of one snapshot 1 ms apart (joined, then ready).
  const seconds = (v: number) => Math.round(v / 1000);
  return {
    ready_seconds: seconds(ms.ready),
    not_ready_seconds: seconds(ms.not_ready),
    offline_seconds: seconds(ms.offline),
    current_state: state,
    current_since: since?.toISOString() ?? null,
    tracked_since: trackedSince?.toISOString() ?? null,
  };
}
