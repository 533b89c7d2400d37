import type { BackgroundTask } from "@/server/services/background/background-task";
import { rerenderOutdatedControlPlanes, type RerenderOutdatedDeps } from "./rerender-outdated-control-planes";

/**
 * Grace ends are hours apart (KUBEBYON_SAN_GRACE_HOURS), so a replaced name outlives its grace by at most this; after a
 * provider change the first pass runs at start-up.
 */
export const CONTROL_PLANE_RERENDER_INTERVAL_MS = 5 * 60_000;

/** Re-renders outdated control planes (an expired previous name, a changed provider); one process enqueues, so one update per cluster. */
export const controlPlaneRerenderTask: BackgroundTask<RerenderOutdatedDeps, string[]> = {
  name: "control-plane-rerender",
  scope: "leader",
  intervalMs: () => CONTROL_PLANE_RERENDER_INTERVAL_MS,
  run: (deps) => rerenderOutdatedControlPlanes(deps),
};
