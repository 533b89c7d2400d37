import type { NodeStatus } from "@/server/domain/nodes/node-view";

/** A node_events row as the health rules read it. */
export interface StatusEvent {
  type: string;
  observedAt: Date;
}

/** How long a node has been on its current side of Ready: healthy (Ready) or unhealthy (NotReady or Unknown). */
export interface HealthStreak {
  healthy: boolean;
  /** The node's status now (from the `nodes` snapshot). */
  status: NodeStatus;
  /** When the node entered this side; a flip between NotReady and Unknown keeps the streak. */
  since: Date;
}

const HEALTHY_EVENT: Record<string, boolean | undefined> = { ready: true, not_ready: false, offline: false };

/**
 * The current streak from the node's events, newest first. `complete` says whether the list reaches
 * back to the node's start (else the oldest event given bounds the streak, which understates it —
 * never overstates it, so a truncated history cannot open an alert early). A `joined` event starts
 * an unhealthy streak (a node registers before it is Ready) and ends a walk back.
 */
export function healthStreak(status: NodeStatus, newestFirst: readonly StatusEvent[], firstSeenAt: Date, complete: boolean): HealthStreak {
  const healthy = status === "ready";
  let since: Date | null = null;
  for (const event of newestFirst) {
    if (event.type === "joined") {
      return { healthy, status, since: healthy ? (since ?? event.observedAt) : event.observedAt };
    }
    if (event.type === "deleted") break;
    const side = HEALTHY_EVENT[event.type];
    if (side === undefined) continue;
    if (side !== healthy) return { healthy, status, since: since ?? event.observedAt };
    since = event.observedAt;
  }
  if (since !== null) return { healthy, status, since: complete ? minDate(since, firstSeenAt, healthy) : since };
  return { healthy, status, since: complete ? firstSeenAt : (newestFirst.at(-1)?.observedAt ?? firstSeenAt) };
}

/** With the whole history read, an unhealthy streak began at the node's start when no ready event came before it. */
function minDate(since: Date, firstSeenAt: Date, healthy: boolean): Date {
  if (healthy) return since;
  return firstSeenAt < since ? firstSeenAt : since;
}
