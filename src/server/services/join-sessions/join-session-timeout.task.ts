import type { BackgroundTask } from "@/server/services/background/background-task";
import type { ServiceDeps } from "@/server/services/service-deps";
import { timeOutQuietJoinSessions } from "./time-out-quiet-join-sessions";

/** How often quiet join sessions are looked for; a session ends at most this long after its timeout. */
export const JOIN_SESSION_TIMEOUT_PASS_MS = 30_000;

export interface JoinSessionTimeoutDeps extends ServiceDeps {
  /** KUBEBYON_JOIN_SESSION_TIMEOUT_SECONDS. */
  timeoutSeconds: number;
}

/** Join sessions that went quiet end as timed_out (docs/join-sessions.md). */
export const joinSessionTimeoutTask: BackgroundTask<JoinSessionTimeoutDeps, number> = {
  name: "join-session-timeout",
  scope: "leader",
  intervalMs: () => JOIN_SESSION_TIMEOUT_PASS_MS,
  run: (deps) => timeOutQuietJoinSessions(deps, deps.timeoutSeconds),
};
