import { healthStreak } from "@/server/domain/node-health/health-streak";
import { planNodeAlerts, type ExistingAlert, type LiveNode, type NodeAlertSettings } from "@/server/domain/node-health/node-alert-rules";
import { resolveCurrentPlan } from "@/server/services/billing/resolve-current-plan";
import type { ServiceDeps } from "@/server/services/service-deps";
import { applyNodeAlertAction, type AppliedOutcome } from "./apply-node-alert-action";

export interface NodeAlertDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  settings: NodeAlertSettings;
}

/** The node_events a health streak is read from; cordon events do not matter. */
const STREAK_EVENT_TYPES = ["joined", "ready", "not_ready", "offline", "deleted"];
/** How far back one node's streak is read; a longer NotReady↔Offline run is understated, never overstated. */
const STREAK_EVENTS = 200;

/** Clusters whose nodes the observer watches (node-observer.ts OBSERVABLE_STATUSES). */
const EVALUATED_STATUSES = ["ready", "updating"] as const;

export type EvaluationCounts = Record<Exclude<AppliedOutcome, "skipped">, number>;

/**
 * One evaluation of the node health alerts (docs/cluster-runtime.md "Node health alerts"): reads the
 * observer's `nodes` and `node_events` (never writes them), plans with the pure rules and applies each
 * action with conditional writes. Safe to run concurrently with itself. `clusterIds` narrows it to
 * the clusters the observer just recorded events for.
 */
export async function evaluateNodeAlerts(deps: NodeAlertDeps, options: { clusterIds?: readonly string[] } = {}): Promise<EvaluationCounts> {
  const counts: EvaluationCounts = { opened: 0, notified: 0, resolved: 0, recovery_notified: 0 };
  const clusters = await deps.db.cluster.findMany({
    where: { status: { in: [...EVALUATED_STATUSES] }, ...(options.clusterIds ? { id: { in: [...options.clusterIds] } } : {}) },
    select: { id: true, name: true, ownerId: true, controlPlaneVersion: true },
  });
  if (clusters.length === 0) return counts;
  const ids = clusters.map((c) => c.id);
  const now = deps.now();
  const [nodes, alerts, recentNotices] = await Promise.all([
    deps.db.node.findMany({ where: { clusterId: { in: ids }, deletedAt: null }, select: { id: true, clusterId: true, name: true, status: true, kubeletVersion: true, firstSeenAt: true } }),
    deps.db.nodeAlert.findMany({ where: { clusterId: { in: ids }, OR: [{ resolvedAt: null }, { kind: "version_skew" }] } }),
    deps.db.nodeAlert.groupBy({
      by: ["clusterId", "nodeName"],
      where: { clusterId: { in: ids }, kind: "unhealthy", notifiedAt: { gte: new Date(now.getTime() - deps.settings.cooldownMs) } },
      _max: { notifiedAt: true },
    }),
  ]);

  // The node limit is the owner's current plan's, as for join tokens and the admission webhook (not the snapshot the
  // cluster took at create): one lookup per owner per evaluation.
  const nodeQuotas = new Map<string, Promise<number | null>>();
  const nodeQuotaOf = (ownerId: string) => {
    let quota = nodeQuotas.get(ownerId);
    if (!quota) {
      quota = resolveCurrentPlan(deps.db, ownerId, now).then(({ plan }) => plan?.nodeQuota ?? null);
      nodeQuotas.set(ownerId, quota);
    }
    return quota;
  };

  for (const cluster of clusters) {
    const clusterAlerts: ExistingAlert[] = alerts.filter((a) => a.clusterId === cluster.id);
    const openUnhealthy = new Set(clusterAlerts.filter((a) => a.kind === "unhealthy" && a.resolvedAt === null).map((a) => a.nodeName));
    const live: LiveNode[] = [];
    for (const node of nodes.filter((n) => n.clusterId === cluster.id)) {
      const needsStreak = node.status !== "ready" || openUnhealthy.has(node.name);
      if (!needsStreak) {
        live.push({ name: node.name, status: node.status, kubeletVersion: node.kubeletVersion });
        continue;
      }
      const events = await deps.db.nodeEvent.findMany({
        where: { clusterId: cluster.id, nodeId: node.id, type: { in: STREAK_EVENT_TYPES } },
        orderBy: [{ observedAt: "desc" }, { id: "desc" }],
        take: STREAK_EVENTS,
        select: { type: true, observedAt: true },
      });
      live.push({ name: node.name, status: node.status, kubeletVersion: node.kubeletVersion, streak: healthStreak(node.status, events, node.firstSeenAt, events.length < STREAK_EVENTS) });
    }
    const lastUnhealthyNotifiedAt = new Map<string, Date>();
    for (const row of recentNotices) if (row.clusterId === cluster.id && row._max.notifiedAt) lastUnhealthyNotifiedAt.set(row.nodeName, row._max.notifiedAt);

    const actions = planNodeAlerts({ nodeQuota: await nodeQuotaOf(cluster.ownerId), controlPlaneVersion: cluster.controlPlaneVersion, nodes: live, alerts: clusterAlerts, lastUnhealthyNotifiedAt }, now, deps.settings);
    for (const action of actions) {
      try {
        const outcome = await applyNodeAlertAction(deps, cluster, action);
        if (outcome !== "skipped") {
          counts[outcome] += 1;
          deps.log.info("node health alert", { cluster_id: cluster.id, node: action.nodeName || null, kind: action.kind, outcome });
        }
      } catch (error) {
        // One failing action (say a deleted cluster's row) must not stop the others; the next pass retries it.
        deps.log.warn("could not apply a node health alert", { cluster_id: cluster.id, node: action.nodeName || null, kind: action.kind, action: action.type, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return counts;
}

/** Settings in milliseconds from the KUBEBYON_NODE_ALERT_* seconds. */
export function nodeAlertSettings(config: { unhealthySeconds: number; recoverySeconds: number; cooldownSeconds: number }): NodeAlertSettings {
  return { unhealthyMs: config.unhealthySeconds * 1000, recoveryMs: config.recoverySeconds * 1000, cooldownMs: config.cooldownSeconds * 1000 };
}
