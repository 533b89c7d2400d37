import { requireDatabaseUrl } from "@/server/config/env";
import { timeOutQuietJoinSessions } from "@/server/services/join-sessions/time-out-quiet-join-sessions";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { startLeaderPassLoop, type LeaderPassLoop } from "./leader-pass-loop";
import type { Runtime } from "./runtime";

/** How often the leader looks for quiet join sessions; a session ends at most this long after its timeout. */
export const JOIN_SESSION_TIMEOUT_PASS_MS = 30_000;

/**
 * Ends join sessions that went quiet (KUBEBYON_JOIN_SESSION_TIMEOUT_SECONDS; docs/join-sessions.md) on the leader
 * only: one process moves them to timed_out, the others look again each interval and take over when it goes.
 */
export function startJoinSessionTimeoutLoop(
  runtime: Pick<Runtime, "deps" | "log" | "config">,
  options: { intervalMs: number; leadership: LoopLeadership },
): LeaderPassLoop {
  const log = runtime.log.child({ component: "join-session-timeout" });
  const deps = { db: runtime.deps.db, log, now: runtime.deps.now };
  return startLeaderPassLoop({ what: "join session timeout", pass: () => timeOutQuietJoinSessions(deps, runtime.config.joinSessions.timeoutSeconds), log, ...options });
}

/** The loop of a job-processing process (LOOPS). */
export function startRuntimeJoinSessionTimeoutLoop(runtime: Pick<Runtime, "deps" | "log" | "config">, owner: string): LeaderPassLoop {
  return startJoinSessionTimeoutLoop(runtime, {
    intervalMs: JOIN_SESSION_TIMEOUT_PASS_MS,
    leadership: loopLeadership(requireDatabaseUrl(runtime.config), "join-session-timeout", owner, runtime.log),
  });
}
