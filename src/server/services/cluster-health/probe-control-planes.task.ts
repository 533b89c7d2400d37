import type { BackgroundTask } from "@/server/services/background/background-task";
import type { ControlPlaneHealthDeps } from "./cluster-health-deps";
import { probeControlPlanes, type ProbePassResult } from "./probe-control-planes";

export type { ControlPlaneHealthDeps } from "./cluster-health-deps";

const SUMMARY_IDS = 10;

/**
 * Control-plane health (docs/cluster-runtime.md "Control-plane health"): the leader probes every live cluster's
 * /readyz every KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS. One leader, because each probe costs the cluster a
 * request and two probers would only race for the same transitions (which the conditional writes would survive,
 * but why pay twice). The debounce's memory is in the rows, so nothing is forgotten when the lead moves.
 */
export const probeControlPlanesTask: BackgroundTask<ControlPlaneHealthDeps, ProbePassResult> = {
  name: "control-plane-health",
  scope: "leader",
  intervalMs: (config) => config.controlPlaneHealth.intervalSeconds * 1_000,
  run: (deps, signal) => probeControlPlanes(deps, signal),
  summary(result) {
    // Logged when it changes: a steady fleet is quiet; each transition is logged by the pass itself.
    if (result.failing.length === 0) return { level: "info", message: "every probed control plane is ready", fields: { probed: result.probed } };
    // The first few ids name the problem; the count says how big it is (a line per cluster would flood the log).
    const named = result.failing.slice(0, SUMMARY_IDS).join(",");
    return { level: "warn", message: "control planes failing their /readyz probe", fields: { probed: result.probed, failing_count: result.failing.length, failing: named } };
  },
  retry(result) {
    // Unwritten results mean the database failed us, not the clusters: retry soon with the task's backoff.
    return result.unrecorded > 0 ? { reason: `${result.unrecorded} probe result(s) could not be recorded` } : undefined;
  },
};
