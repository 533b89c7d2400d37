import type { Logger } from "@/server/observability/logger";
import { expirePreviousControlPlaneHosts, type ExpirePreviousHostsDeps } from "@/server/services/clusters/expire-previous-control-plane-hosts";
import type { LoopLeadership } from "./loop-leadership";
import { errorMessage, startPeriodicPass } from "./periodic-pass";

/** Grace ends are hours apart (KUBEBYON_SAN_GRACE_HOURS), so a replaced name outlives its grace by at most this. */
export const SAN_GRACE_EXPIRY_INTERVAL_MS = 5 * 60_000;

/**
 * Runs the grace-expiry pass (expire-previous-control-plane-hosts.ts) at start and every
 * `intervalMs` in a process that runs jobs; of several such processes only the leader enqueues,
 * so one expired name gets one update. Returns a stop function that waits for a pass in
 * progress and gives up the lead.
 */
export function startSanGraceExpiryLoop(
  runtime: { deps: Omit<ExpirePreviousHostsDeps, "log">; log: Logger },
  intervalMs: number,
  leadership: LoopLeadership,
): () => Promise<void> {
  const { db, now, jobs, wakeups } = runtime.deps;
  const deps: ExpirePreviousHostsDeps = { db, now, jobs, wakeups, log: runtime.log.child({ component: "san-grace-expiry" }) };
  const stop = startPeriodicPass({
    intervalMs,
    run: async () => {
      if (await leadership.leads()) await expirePreviousControlPlaneHosts(deps);
    },
    onError: (error) => deps.log.warn("the pass that drops expired control-plane names from certificates failed", { error: errorMessage(error) }),
  });
  return async () => {
    await stop();
    await leadership.close();
  };
}
