import { planPodRoutes } from "@/server/domain/pod-routes/plan-pod-routes";
import type { PodRouteRefusal } from "@/server/domain/pod-routes/pod-route";
import { convergePodRoutes, type ConvergeResult } from "./converge-pod-routes";
import type { HostRouteTable, JoinedNodeRouteSourceList } from "./ports";

export interface LocalPodRouteSyncResult extends ConvergeResult {
  refused: PodRouteRefusal[];
  /** Clusters whose nodes could not be read this pass: their routes are kept as they are. */
  unreadable: Array<{ clusterId: string; message: string }>;
}

/**
 * Local mode: the job-processing process converges the routes on its own host. A cluster whose API
 * server did not answer keeps its routes (deleting them because of a blip would cut its traffic):
 * its currently installed routes are carried over into the desired set.
 */
export async function syncLocalPodRoutes(deps: { source: JoinedNodeRouteSourceList; table: HostRouteTable }): Promise<LocalPodRouteSyncResult> {
  const { nodes, unreadable } = await deps.source.list();
  const plan = planPodRoutes(nodes);
  const desired = [...plan.routes];
  if (unreadable.length > 0) {
    const { marked } = await deps.table.list();
    const planned = new Set(desired.map((r) => r.destination));
    // The kernel does not remember which cluster a route was for; keep every marked route the plan does not re-assign.
    for (const route of marked) {
      if (!planned.has(route.destination) && route.gateway) desired.push({ destination: route.destination, gateway: route.gateway, clusterId: "unknown", nodeName: "unknown" });
    }
  }
  const result = await convergePodRoutes(deps.table, desired);
  return { ...result, refused: plan.refused, unreadable };
}
