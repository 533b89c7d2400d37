import type { ConnectionStatus } from "@/server/domain/clusters/cluster-states";

/** What one GET /readyz of a control plane gave: ready, or why not (no credentials in the text). */
export type ReadinessOutcome = { ok: true } | { ok: false; error: string };

/** What the pass read of a cluster before probing it: the transition is written only if it is still so. */
export interface StoredConnection {
  status: ConnectionStatus;
  /** Start of the current run of failed probes; null after a success. */
  failingSince: Date | null;
}

/** The columns every probe writes, whatever it found: the failure memory that a new leader continues from. */
export interface ProbeMemory {
  checkedAt: Date;
  failingSince: Date | null;
  lastError: string | null;
}

export interface ConnectionTransition {
  from: ConnectionStatus;
  to: "connected" | "unreachable";
  /** For the history row and the log: the probe's error and for how long, or that /readyz answered. */
  reason: string;
}

export interface ConnectionDecision {
  memory: ProbeMemory;
  transition: ConnectionTransition | null;
}

/**
 * The control-plane health rules (docs/cluster-runtime.md "Control-plane health"), pure so the debounce can be
 * tested on a fixed clock:
 * - `disabled` means public access is off (the user chose it); a probe never changes it, it only records when it
 *   checked, so that status too names its last check.
 * - a success moves any other status to `connected` at once (recovery is not debounced: one good answer proves
 *   the route works);
 * - a failure moves `connected`/`unknown` to `unreachable` only once failures have lasted `unreachableAfterMs`
 *   without a success in between, so one lost probe or a control plane restarting during an update does not flap.
 */
export function decideConnection(stored: StoredConnection, outcome: ReadinessOutcome, now: Date, unreachableAfterMs: number): ConnectionDecision {
  if (outcome.ok) {
    const memory: ProbeMemory = { checkedAt: now, failingSince: null, lastError: null };
    const recovers = stored.status !== "connected" && stored.status !== "disabled";
    return { memory, transition: recovers ? { from: stored.status, to: "connected", reason: "/readyz answered ok" } : null };
  }
  const failingSince = stored.failingSince ?? now;
  const memory: ProbeMemory = { checkedAt: now, failingSince, lastError: outcome.error };
  const failingMs = now.getTime() - failingSince.getTime();
  const debounced = failingMs >= unreachableAfterMs;
  const fails = stored.status !== "unreachable" && stored.status !== "disabled" && debounced;
  return { memory, transition: fails ? { from: stored.status, to: "unreachable", reason: `${outcome.error} (failing for ${Math.round(failingMs / 1000)} s)` } : null };
}

/** The owner hears of a lost control plane and of its return; `unknown` → `connected` is no news. */
export function notificationOf(transition: ConnectionTransition): "cluster.unreachable" | "cluster.recovered" | null {
  if (transition.to === "unreachable") return "cluster.unreachable";
  return transition.from === "unreachable" ? "cluster.recovered" : null;
}
