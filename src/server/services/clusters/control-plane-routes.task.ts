import type { BackgroundTask } from "@/server/services/background/background-task";
import { recheckControlPlaneRoutes, type ControlPlaneRouteRecheckDeps, type ControlPlaneRouteRecheckResult } from "./recheck-control-plane-routes";

/** A minute: a controller's verdict rarely changes, and a re-check is two GETs per cluster. */
const RECHECK_INTERVAL_MS = 60_000;

/**
 * Re-reads the Gateway controller's verdict on every control plane's TLSRoute (gatewayapi provider) and the shared
 * Gateway's listener, so the cluster page's route status follows the controller after the job's one look
 * (docs/control-plane-edge.md "Route status"). With another provider a pass only clears stale verdicts.
 */
export const controlPlaneRoutesTask: BackgroundTask<ControlPlaneRouteRecheckDeps, ControlPlaneRouteRecheckResult> = {
  name: "control-plane-routes",
  scope: "leader",
  intervalMs: () => RECHECK_INTERVAL_MS,
  triggers: ["cluster-lifecycle-job"],
  run: (deps) => recheckControlPlaneRoutes(deps),
  summary: (result) =>
    result.changes.length === 0
      ? undefined
      : { level: "info", message: "control-plane route verdicts changed", fields: { checked: result.checked, changes: result.changes.map((c) => `${c.clusterId}: ${c.status ?? "none"}`).join("; ") }, changed: true },
};
