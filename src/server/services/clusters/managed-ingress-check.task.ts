import type { BackgroundTask } from "@/server/services/background/background-task";
import { checkManagedIngress, type ManagedIngressCheckDeps, type ManagedIngressCheckResult } from "./check-managed-ingress";

export type { ManagedIngressCheckDeps } from "./check-managed-ingress";

/**
 * The managed ingress re-check (docs/managed-ingress.md "Re-check"): one process reads every `ready` managed ingress
 * each KUBEBYON_MANAGED_INGRESS_CHECK_INTERVAL_SECONDS, so a controller a tenant deleted shows as `error` with the
 * reason (or is reinstalled, with KUBEBYON_MANAGED_INGRESS_AUTO_REPAIR). The summary is logged when a status changed
 * or the set of clusters it could not read changed (so also once when they can be read again) — not every pass while a
 * control plane stays down.
 */
export const managedIngressCheckTask: BackgroundTask<ManagedIngressCheckDeps, ManagedIngressCheckResult> = {
  name: "managed-ingress-check",
  scope: "leader",
  intervalMs: (config) => config.managedIngressCheck.intervalSeconds * 1_000,
  run: (deps, signal) => checkManagedIngress(deps, signal),
  summary(result) {
    const changed = result.broken.length + result.recovered.length + result.repairs.length > 0;
    const unreachable = result.unreachable.map((u) => u.clusterId).sort();
    return {
      level: unreachable.length > 0 || result.broken.length > 0 ? "warn" : "info",
      message: unreachable.length > 0 ? "managed ingress checked; clusters whose control plane could not be reached were skipped" : "managed ingress checked",
      fields: {
        healthy: result.healthy,
        broken: result.broken.map((b) => `${b.clusterId}: ${b.problem}`),
        recovered: result.recovered,
        repairs_started: result.repairs.map((r) => r.clusterId),
        skipped_unreachable: result.unreachable,
      },
      key: unreachable.join(","),
      changed,
    };
  },
};
