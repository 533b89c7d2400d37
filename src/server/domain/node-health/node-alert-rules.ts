import { z } from "zod";
import type { NodeStatus } from "@/server/domain/nodes/node-view";
import type { HealthStreak } from "./health-streak";
import { kubeletSkew } from "./kubelet-skew";

export const nodeAlertKinds = ["unhealthy", "version_skew", "node_limit"] as const;
export const nodeAlertKindSchema = z.enum(nodeAlertKinds);
export type NodeAlertKind = z.infer<typeof nodeAlertKindSchema>;

/** The `dedupe_key` of an alert that blocks a second one while it is open (unhealthy, node_limit). */
export const OPEN_KEY = "open";
/** node_alerts.node_name of a cluster-wide alert (node_limit). */
export const CLUSTER_WIDE = "";

export interface NodeAlertSettings {
  /** A node NotReady/Offline continuously this long opens an unhealthy alert. */
  unhealthyMs: number;
  /** An open unhealthy alert resolves once the node has been Ready continuously this long. */
  recoveryMs: number;
  /** At most one unhealthy notification per node in this window (counted from the last one sent). */
  cooldownMs: number;
}

export interface LiveNode {
  name: string;
  status: NodeStatus;
  kubeletVersion: string | null;
  /** Needed for nodes that are unhealthy or have an open unhealthy alert; otherwise may be omitted. */
  streak?: HealthStreak;
}

export interface ExistingAlert {
  id: string;
  kind: NodeAlertKind;
  nodeName: string;
  dedupeKey: string | null;
  openedAt: Date;
  notifiedAt: Date | null;
  resolvedAt: Date | null;
}

export interface ClusterAlertInput {
  /** The plan's node limit snapshotted on the cluster; null: no limit. */
  nodeQuota: number | null;
  /** The vCluster's /version gitVersion as the observer last read it; null: not known yet. */
  controlPlaneVersion: string | null;
  /** Joined nodes that are not deleted. */
  nodes: readonly LiveNode[];
  /** Open alerts of the cluster, and every version_skew alert (resolved ones block a repeat for the same version). */
  alerts: readonly ExistingAlert[];
  /** Per node, when its last unhealthy notification went out (any alert). */
  lastUnhealthyNotifiedAt: ReadonlyMap<string, Date>;
}

export type AlertDetail = Record<string, string | number | null>;

export type AlertAction =
  | { type: "open"; kind: NodeAlertKind; nodeName: string; dedupeKey: string; openedAt: Date; detail: AlertDetail; notify: boolean }
  | { type: "notify"; alertId: string; kind: NodeAlertKind; nodeName: string; detail: AlertDetail }
  | { type: "resolve"; alertId: string; kind: NodeAlertKind; nodeName: string; detail: AlertDetail; notifyRecovery: boolean };

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));
const stateOf = (status: NodeStatus) => (status === "unknown" ? "offline" : status);

/**
 * What to do about one cluster's alerts at `now` (docs/cluster-runtime.md "Node health alerts"):
 * - unhealthy: opens when a node was NotReady/Offline continuously for `unhealthyMs`; notified unless
 *   the node's last unhealthy notification is younger than `cooldownMs` (then it is notified when the
 *   cooldown ends, if still open); resolves once the node was Ready for `recoveryMs` (a flap shorter
 *   than that keeps the episode open), with a recovery notification only when the alert was notified;
 *   a deleted node's alert resolves quietly.
 * - version_skew: one per (node, kubelet version) outside the control plane's supported skew, ever;
 *   resolves quietly when the node runs another version or is gone.
 * - node_limit: opens (and notifies) when joined nodes reach the cluster's node quota; resolves
 *   quietly when they drop below, which re-arms it.
 * Pure: the caller reads the state, applies the actions with conditional writes, and sends.
 */
export function planNodeAlerts(input: ClusterAlertInput, now: Date, settings: NodeAlertSettings): AlertAction[] {
  return [...unhealthyActions(input, now, settings), ...skewActions(input, now), ...nodeLimitActions(input, now)];
}

function unhealthyActions(input: ClusterAlertInput, now: Date, settings: NodeAlertSettings): AlertAction[] {
  const actions: AlertAction[] = [];
  const nodes = new Map(input.nodes.map((n) => [n.name, n]));
  const open = new Map(input.alerts.filter((a) => a.kind === "unhealthy" && a.resolvedAt === null).map((a) => [a.nodeName, a]));
  const cooledDown = (name: string) => {
    const last = input.lastUnhealthyNotifiedAt.get(name);
    return last === undefined || now.getTime() - last.getTime() >= settings.cooldownMs;
  };

  for (const alert of open.values()) {
    const node = nodes.get(alert.nodeName);
    if (!node) {
      actions.push({ type: "resolve", alertId: alert.id, kind: "unhealthy", nodeName: alert.nodeName, detail: { reason: "deleted", resolved_at: now.toISOString() }, notifyRecovery: false });
      continue;
    }
    const streak = node.streak ?? { healthy: node.status === "ready", status: node.status, since: new Date(0) };
    if (streak.healthy) {
      const readyFor = now.getTime() - streak.since.getTime();
      if (readyFor >= settings.recoveryMs) {
        actions.push({
          type: "resolve",
          alertId: alert.id,
          kind: "unhealthy",
          nodeName: node.name,
          detail: { reason: "recovered", state: "ready", since: streak.since.toISOString(), unhealthy_since: alert.openedAt.toISOString(), duration_seconds: seconds(streak.since.getTime() - alert.openedAt.getTime()) },
          notifyRecovery: alert.notifiedAt !== null,
        });
      }
      continue;
    }
    if (alert.notifiedAt === null && cooledDown(node.name)) {
      actions.push({ type: "notify", alertId: alert.id, kind: "unhealthy", nodeName: node.name, detail: unhealthyDetail(streak, now) });
    }
  }

  for (const node of input.nodes) {
    if (open.has(node.name) || node.status === "ready" || !node.streak || node.streak.healthy) continue;
    if (now.getTime() - node.streak.since.getTime() < settings.unhealthyMs) continue;
    actions.push({ type: "open", kind: "unhealthy", nodeName: node.name, dedupeKey: OPEN_KEY, openedAt: node.streak.since, detail: unhealthyDetail(node.streak, now), notify: cooledDown(node.name) });
  }
  return actions;
}

function unhealthyDetail(streak: HealthStreak, now: Date): AlertDetail {
  return { state: stateOf(streak.status), since: streak.since.toISOString(), duration_seconds: seconds(now.getTime() - streak.since.getTime()) };
}

function skewActions(input: ClusterAlertInput, now: Date): AlertAction[] {
  const actions: AlertAction[] = [];
  const skewAlerts = input.alerts.filter((a) => a.kind === "version_skew");
  const nodes = new Map(input.nodes.map((n) => [n.name, n]));
  for (const alert of skewAlerts) {
    if (alert.resolvedAt !== null) continue;
    const node = nodes.get(alert.nodeName);
    // Another kubelet version is a new question (asked below); the same version inside the skew means the
    // control plane moved. Without a known control-plane version nothing can be judged, except a node that left.
    const reason = !node ? "deleted" : node.kubeletVersion !== alert.dedupeKey ? "version_changed" : input.controlPlaneVersion !== null && kubeletSkew(node.kubeletVersion, input.controlPlaneVersion) === null ? "within_skew" : null;
    if (reason) actions.push({ type: "resolve", alertId: alert.id, kind: "version_skew", nodeName: alert.nodeName, detail: { reason }, notifyRecovery: false });
  }
  for (const node of input.nodes) {
    if (!node.kubeletVersion) continue;
    const skew = kubeletSkew(node.kubeletVersion, input.controlPlaneVersion);
    if (!skew) continue;
    if (skewAlerts.some((a) => a.nodeName === node.name && a.dedupeKey === node.kubeletVersion)) continue;
    actions.push({
      type: "open",
      kind: "version_skew",
      nodeName: node.name,
      dedupeKey: node.kubeletVersion,
      openedAt: now,
      detail: { kubelet_version: node.kubeletVersion, control_plane_version: input.controlPlaneVersion, skew: skew.direction, supported: skew.supported },
      notify: true,
    });
  }
  return actions;
}

function nodeLimitActions(input: ClusterAlertInput, now: Date): AlertAction[] {
  const open = input.alerts.find((a) => a.kind === "node_limit" && a.resolvedAt === null);
  const count = input.nodes.length;
  const reached = input.nodeQuota !== null && count >= input.nodeQuota;
  if (reached && !open) {
    return [{ type: "open", kind: "node_limit", nodeName: CLUSTER_WIDE, dedupeKey: OPEN_KEY, openedAt: now, detail: { node_count: count, node_quota: input.nodeQuota }, notify: true }];
  }
  if (!reached && open) {
    return [{ type: "resolve", alertId: open.id, kind: "node_limit", nodeName: CLUSTER_WIDE, detail: { node_count: count, node_quota: input.nodeQuota }, notifyRecovery: false }];
  }
  return [];
}
