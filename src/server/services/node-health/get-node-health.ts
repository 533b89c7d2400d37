import type { Viewer } from "@/server/domain/auth/viewer";
import type { NodeAlertKind } from "@/server/domain/node-health/node-alert-rules";
import { timeInState, type TimeInState } from "@/server/domain/node-health/time-in-state";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";

/** The newest events the time in state is computed from; a node with a longer history is counted from the oldest of these. */
export const NODE_HEALTH_MAX_EVENTS = 5_000;

export interface OpenNodeAlert {
  id: string;
  kind: NodeAlertKind;
  openedAt: Date;
  notifiedAt: Date | null;
  detail: unknown;
}

export interface NodeHealth {
  clusterId: string;
  nodeName: string;
  timeInState: TimeInState;
  /** True when the history had more than NODE_HEALTH_MAX_EVENTS events (tracked_since is then the oldest one read). */
  truncated: boolean;
  openAlerts: OpenNodeAlert[];
}

/**
 * The node page's health: time spent Ready / NotReady / Offline over the node's node_events (the
 * current state running to now) and its open alerts. Another user's cluster is NOT_FOUND; a node
 * name never seen gives zero times and no alerts, as its (empty) event timeline does.
 */
export async function getNodeHealth(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer, input: { clusterId: string; nodeName: string }): Promise<NodeHealth> {
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  const [newestFirst, alerts] = await Promise.all([
    deps.db.nodeEvent.findMany({
      where: { clusterId: cluster.id, nodeName: input.nodeName },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      take: NODE_HEALTH_MAX_EVENTS + 1,
      select: { type: true, observedAt: true },
    }),
    deps.db.nodeAlert.findMany({
      where: { clusterId: cluster.id, nodeName: input.nodeName, resolvedAt: null },
      orderBy: { openedAt: "desc" },
      select: { id: true, kind: true, openedAt: true, notifiedAt: true, detail: true },
    }),
  ]);
  const truncated = newestFirst.length > NODE_HEALTH_MAX_EVENTS;
  const events = newestFirst.slice(0, NODE_HEALTH_MAX_EVENTS).reverse();
  return { clusterId: cluster.id, nodeName: input.nodeName, timeInState: timeInState(events, deps.now()), truncated, openAlerts: alerts };
}
