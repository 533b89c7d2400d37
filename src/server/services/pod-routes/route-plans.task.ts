import type { BackgroundTask } from "@/server/services/background/background-task";
import type { JoinedNodeRouteSourceList, RoutePlanStore } from "./ports";
import { syncRoutePlans, type RoutePlanSyncResult } from "./sync-route-plans";

export interface RoutePlanDeps {
  source: JoinedNodeRouteSourceList;
  store: RoutePlanStore;
}

/**
 * PodCIDR route plans, routeagent mode (docs/workload-edge-podcidr-routes.md): one process writes the plans, the agents
 * on the host nodes apply them. Logged when the route set, the refusals or the unreadable clusters changed.
 */
export const routePlansTask: BackgroundTask<RoutePlanDeps, RoutePlanSyncResult> = {
  name: "route-plans",
  scope: "leader",
  intervalMs: (config) => config.workloadEdge.syncIntervalSeconds * 1_000,
  run: (deps) => syncRoutePlans(deps),
  summary(result) {
    const routes = result.routes.map((r) => `${r.destination}>${r.gateway}`);
    const refused = result.refused.map((r) => ({ cluster_id: r.clusterId, node: r.nodeName, reason: r.reason, message: r.message }));
    const unreadable = result.unreadable.map((u) => ({ cluster_id: u.clusterId, message: u.message }));
    return {
      level: "info",
      message: "PodCIDR route plan pass",
      fields: { routes: routes.length, applied: result.applied, deleted: result.deleted, unchanged: result.unchanged.length, refused, unreadable },
      // The route set, the refusals and the unreadable clusters make two passes "the same"; a plan written is always news.
      key: JSON.stringify([routes, refused, unreadable]),
      changed: result.applied.length > 0 || result.deleted.length > 0,
    };
  },
};
