import type { Logger } from "@/server/observability/logger";
import { rerenderOutdatedControlPlanes, type RerenderOutdatedDeps } from "@/server/services/clusters/rerender-outdated-control-planes";
import type { LoopLeadership } from "./loop-leadership";
import { errorMessage, startPeriodicPass } from "./periodic-pass";

/**
 * Grace ends are hours apart (KUBEBYON_SAN_GRACE_HOURS), so a replaced name outlives its grace by at most
 * this; after a provider change the first pass runs at start-up.
 */
export const CONTROL_PLANE_RERENDER_INTERVAL_MS = 5 * 60_000;

/**
 * Runs the re-render pass (rerender-outdated-control-planes.ts: an expired previous name, a changed
 * public access provider) at start and every `intervalMs` in a process that runs jobs; of several
 * such processes only the leader enqueues, so one outdated cluster gets one update. Returns a stop function that waits for a pass in
 * progress and gives up the lead.
 */
export function startControlPlaneRerenderLoop(
  runtime: { deps: Omit<RerenderOutdatedDeps, "log">; log: Logger },
  intervalMs: number,
  leadership: LoopLeadership,
): () => Promise<void> {
  const { db, now, jobs, wakeups, publicAccessProvider } = runtime.deps;
  const deps: RerenderOutdatedDeps = { db, now, jobs, wakeups, publicAccessProvider, log: runtime.log.child({ component: "control-plane-rerender" }) };
  const stop = startPeriodicPass({
    intervalMs,
    run: async () => {
      if (await leadership.leads()) await rerenderOutdatedControlPlanes(deps);
    },
    onError: (error) => deps.log.warn("the pass that re-renders outdated control planes (expired previous names, a changed provider) failed", { error: errorMessage(error) }),
  });
  return async () => {
    await stop();
    await leadership.close();
  };
}
