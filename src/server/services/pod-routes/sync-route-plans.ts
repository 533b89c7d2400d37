import { planPodRoutes } from "@/server/domain/pod-routes/plan-pod-routes";
import type { JoinedNodeRouteSource, PodRoute, PodRouteRefusal } from "@/server/domain/pod-routes/pod-route";
import type { JoinedNodeRouteSourceList, RoutePlanStore, StoredRoutePlan } from "./ports";

export interface RoutePlanSyncResult {
  /** The route set every host node's plan holds now. */
  routes: PodRoute[];
  /** Host nodes whose plan was written this pass (new, or its routes changed). */
  applied: string[];
  /** Host nodes whose plan already held the route set. */
  unchanged: string[];
  /** Plans of host nodes that are gone. */
  deleted: string[];
  refused: PodRouteRefusal[];
  /** Clusters whose nodes could not be read this pass: their routes were carried over from the existing plans. */
  unreadable: Array<{ clusterId: string; message: string }>;
}

const routeText = (r: PodRoute) => `${r.destination}|${r.gateway}|${r.clusterId}|${r.nodeName}`;
const sameRoutes = (a: readonly PodRoute[], b: readonly PodRoute[]) =>
  a.length === b.length && JSON.stringify(a.map(routeText).sort()) === JSON.stringify(b.map(routeText).sort());

/**
 * The nodes of clusters that could not be read, as the existing plans remember them (each plan item carries its
 * cluster and node). They are planned again with everyone else, so a clash with a node that appeared since is
 * still refused on both sides.
 */
function carriedOver(plans: readonly StoredRoutePlan[], unreadable: ReadonlySet<string>): JoinedNodeRouteSource[] {
  const nodes = new Map<string, { clusterId: string; nodeName: string; internalIp: string; podCIDRs: Set<string> }>();
  for (const route of plans.flatMap((p) => p.routes)) {
    if (!unreadable.has(route.clusterId)) continue;
    const key = `${route.clusterId}/${route.nodeName}/${route.gateway}`;
    const node = nodes.get(key) ?? { clusterId: route.clusterId, nodeName: route.nodeName, internalIp: route.gateway, podCIDRs: new Set<string>() };
    node.podCIDRs.add(route.destination);
    nodes.set(key, node);
  }
  return [...nodes.values()].map((n) => ({ ...n, podCIDRs: [...n.podCIDRs].sort() }));
}

/**
 * routeagent mode, one pass: every host node gets a plan with the full route set (the workload Gateway's data
 * plane may run on any of them), plans of host nodes that are gone are deleted, and a plan already holding the
 * set is not written again. A cluster whose API server did not answer keeps its routes: deleting them because
 * of a blip would cut its traffic.
 */
export async function syncRoutePlans(deps: { source: JoinedNodeRouteSourceList; store: RoutePlanStore }): Promise<RoutePlanSyncResult> {
  const { nodes, unreadable } = await deps.source.list();
  const [hostNodes, plans] = await Promise.all([deps.store.listHostNodes(), deps.store.listPlans()]);
  const plan = planPodRoutes([...nodes, ...carriedOver(plans, new Set(unreadable.map((u) => u.clusterId)))]);
  const existing = new Map(plans.map((p) => [p.nodeName, p.routes]));
  const result: RoutePlanSyncResult = { routes: plan.routes, applied: [], unchanged: [], deleted: [], refused: plan.refused, unreadable };
  for (const nodeName of hostNodes) {
    const current = existing.get(nodeName);
    if (current && sameRoutes(current, plan.routes)) {
      result.unchanged.push(nodeName);
      continue;
    }
    await deps.store.apply(nodeName, plan.routes);
    result.applied.push(nodeName);
  }
  const live = new Set(hostNodes);
  for (const { nodeName } of plans) {
    if (live.has(nodeName)) continue;
    await deps.store.delete(nodeName);
    result.deleted.push(nodeName);
  }
  return result;
}
