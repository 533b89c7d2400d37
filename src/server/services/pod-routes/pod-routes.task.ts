import type { BackgroundTask } from "@/server/services/background/background-task";
import { describeConverge } from "./converge-pod-routes";
import type { HostRouteTable, JoinedNodeRouteSourceList } from "./ports";
import { syncLocalPodRoutes, type LocalPodRouteSyncResult } from "./sync-local-pod-routes";

export interface LocalPodRouteDeps {
  source: JoinedNodeRouteSourceList;
  table: HostRouteTable;
}

/**
 * PodCIDR routes, local mode (docs/workload-edge-podcidr-routes.md): every process converges the routes of its own
 * host, so it is not leader-gated. Logged when a route changed or the outcome (refusals, unreadable clusters, blocked
 * or failing routes) differs from the last pass's.
 */
export const localPodRoutesTask: BackgroundTask<LocalPodRouteDeps, LocalPodRouteSyncResult> = {
  name: "pod-routes",
  scope: "each-process",
  intervalMs: (config) => config.workloadEdge.syncIntervalSeconds * 1_000,
  run: (deps) => syncLocalPodRoutes(deps),
  summary(result) {
    const fields = {
      routes: describeConverge(result),
      refused: result.refused.map((r) => ({ cluster_id: r.clusterId, node: r.nodeName, reason: r.reason, message: r.message })),
      unreadable: result.unreadable.map((u) => ({ cluster_id: u.clusterId, message: u.message })),
    };
    const failing = result.failed.length > 0 || result.blocked.length > 0;
    // Which nodes are refused, clusters unreadable, routes blocked or failing: what makes two passes "the same".
    const key = JSON.stringify([fields.refused, fields.unreadable, result.blocked.map((b) => b.route.destination), result.failed.map((f) => `${f.destination}:${f.message}`)]);
    const changed = result.replaced.length > 0 || result.deleted.length > 0;
    return { level: failing ? "warn" : "info", message: failing ? "PodCIDR routes not fully converged on this host" : "PodCIDR routes converged on this host", fields, key, changed };
  },
};
