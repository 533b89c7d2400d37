import { describe, expect, it } from "vitest";
import type { HealthStreak } from "./health-streak";
import { planNodeAlerts, type ClusterAlertInput, type ExistingAlert, type LiveNode, type NodeAlertSettings } from "./node-alert-rules";

const T0 = Date.UTC(2026, 0, 1);
const at = (s: number) => new Date(T0 + s * 1000);
const settings: NodeAlertSettings = { unhealthyMs: 300_000, recoveryMs: 60_000, cooldownMs: 1_800_000 };

const unhealthy = (since: number, status: "not_ready" | "unknown" = "not_ready"): HealthStreak => ({ healthy: false, status, since: at(since) });
const healthy = (since: number): HealthStreak => ({ healthy: true, status: "ready", since: at(since) });
const node = (name: string, streak: HealthStreak, kubeletVersion: string | null = "v1.37.1"): LiveNode => ({ name, status: streak.status, kubeletVersion, streak });
const alert = (over: Partial<ExistingAlert> & Pick<ExistingAlert, "id" | "kind">): ExistingAlert => ({
  nodeName: "w1",
  dedupeKey: "open",
  openedAt: at(0),
  notifiedAt: at(300),
  resolvedAt: null,
  ...over,
});
const input = (over: Partial<ClusterAlertInput>): ClusterAlertInput => ({ nodeQuota: null, controlPlaneVersion: "v1.37.2", nodes: [], alerts: [], lastUnhealthyNotifiedAt: new Map(), ...over });

describe("unhealthy alerts", () => {
  it("opens and notifies once a node was NotReady or Offline for the threshold, not a second earlier", () => {
    const before = planNodeAlerts(input({ nodes: [node("w1", unhealthy(0))] }), at(299), settings);
    expect(before).toEqual([]);
    const after = planNodeAlerts(input({ nodes: [node("w1", unhealthy(0, "unknown"))] }), at(300), settings);
    expect(after).toEqual([
      { type: "open", kind: "unhealthy", nodeName: "w1", dedupeKey: "open", openedAt: at(0), detail: { state: "offline", since: at(0).toISOString(), duration_seconds: 300 }, notify: true },
    ]);
  });

  it("does nothing more while the alert is open and notified, and ignores Ready nodes", () => {
    const open = alert({ id: "a1", kind: "unhealthy" });
    expect(planNodeAlerts(input({ nodes: [node("w1", unhealthy(0)), node("w2", healthy(0))], alerts: [open] }), at(5_000), settings)).toEqual([]);
  });

  it("keeps the episode open through a Ready blip shorter than the recovery time", () => {
    const open = alert({ id: "a1", kind: "unhealthy" });
    expect(planNodeAlerts(input({ nodes: [node("w1", healthy(400))], alerts: [open] }), at(459), settings)).toEqual([]);
    // Back to NotReady: still the same open alert, no second notification.
    expect(planNodeAlerts(input({ nodes: [node("w1", unhealthy(459))], alerts: [open] }), at(2_000), settings)).toEqual([]);
  });

  it("resolves after the recovery time and sends the recovery only for a notified alert", () => {
    const notified = alert({ id: "a1", kind: "unhealthy", openedAt: at(0), notifiedAt: at(300) });
    expect(planNodeAlerts(input({ nodes: [node("w1", healthy(400))], alerts: [notified] }), at(460), settings)).toEqual([
      {
        type: "resolve",
        alertId: "a1",
        kind: "unhealthy",
        nodeName: "w1",
        detail: { reason: "recovered", state: "ready", since: at(400).toISOString(), unhealthy_since: at(0).toISOString(), duration_seconds: 400 },
        notifyRecovery: true,
      },
    ]);
    const silent = alert({ id: "a2", kind: "unhealthy", notifiedAt: null });
    expect(planNodeAlerts(input({ nodes: [node("w1", healthy(400))], alerts: [silent] }), at(460), settings)).toMatchObject([{ type: "resolve", alertId: "a2", notifyRecovery: false }]);
  });

  it("inside the cooldown opens the alert without notifying, and notifies it when the cooldown ends if still open", () => {
    const last = new Map([["w1", at(0)]]);
    expect(planNodeAlerts(input({ nodes: [node("w1", unhealthy(600))], lastUnhealthyNotifiedAt: last }), at(900), settings)).toMatchObject([{ type: "open", kind: "unhealthy", notify: false }]);
    const quiet = alert({ id: "a2", kind: "unhealthy", openedAt: at(600), notifiedAt: null });
    expect(planNodeAlerts(input({ nodes: [node("w1", unhealthy(600))], alerts: [quiet], lastUnhealthyNotifiedAt: last }), at(1_799), settings)).toEqual([]);
    expect(planNodeAlerts(input({ nodes: [node("w1", unhealthy(600))], alerts: [quiet], lastUnhealthyNotifiedAt: last }), at(1_800), settings)).toEqual([
      { type: "notify", alertId: "a2", kind: "unhealthy", nodeName: "w1", detail: { state: "not_ready", since: at(600).toISOString(), duration_seconds: 1_200 } },
    ]);
  });

  it("resolves the alert of a deleted node quietly", () => {
    expect(planNodeAlerts(input({ alerts: [alert({ id: "a1", kind: "unhealthy" })] }), at(1_000), settings)).toMatchObject([{ type: "resolve", alertId: "a1", notifyRecovery: false, detail: { reason: "deleted" } }]);
  });

  it("needs the node's streak to open: a NotReady node without one is left for the next pass", () => {
    expect(planNodeAlerts(input({ nodes: [{ name: "w1", status: "not_ready", kubeletVersion: null }] }), at(10_000), settings)).toEqual([]);
  });
});

describe("version skew alerts", () => {
  it("opens one per node and kubelet version outside the skew, never twice for the same version", () => {
    const nodes = [node("old", healthy(0), "v1.33.0"), node("new", healthy(0), "v1.38.0"), node("fine", healthy(0), "v1.34.9")];
    const actions = planNodeAlerts(input({ nodes }), at(10), settings);
    expect(actions).toEqual([
      { type: "open", kind: "version_skew", nodeName: "old", dedupeKey: "v1.33.0", openedAt: at(10), detail: { kubelet_version: "v1.33.0", control_plane_version: "v1.37.2", skew: "too_old", supported: "v1.34–v1.37" }, notify: true },
      { type: "open", kind: "version_skew", nodeName: "new", dedupeKey: "v1.38.0", openedAt: at(10), detail: { kubelet_version: "v1.38.0", control_plane_version: "v1.37.2", skew: "newer", supported: "v1.34–v1.37" }, notify: true },
    ]);
    const resolvedBefore = alert({ id: "s1", kind: "version_skew", nodeName: "old", dedupeKey: "v1.33.0", resolvedAt: at(5) });
    expect(planNodeAlerts(input({ nodes: [nodes[0]!], alerts: [resolvedBefore] }), at(20), settings)).toEqual([]);
  });

  it("resolves quietly when the node upgrades, leaves, or the control plane catches up, and opens anew for another bad version", () => {
    const open = alert({ id: "s1", kind: "version_skew", nodeName: "w1", dedupeKey: "v1.33.0" });
    expect(planNodeAlerts(input({ nodes: [node("w1", healthy(0), "v1.36.0")], alerts: [open] }), at(1), settings)).toMatchObject([{ type: "resolve", alertId: "s1", notifyRecovery: false, detail: { reason: "version_changed" } }]);
    expect(planNodeAlerts(input({ alerts: [open] }), at(1), settings)).toMatchObject([{ type: "resolve", alertId: "s1", detail: { reason: "deleted" } }]);
    expect(planNodeAlerts(input({ nodes: [node("w1", healthy(0), "v1.33.0")], alerts: [open], controlPlaneVersion: "v1.36.0" }), at(1), settings)).toMatchObject([{ type: "resolve", detail: { reason: "within_skew" } }]);
    expect(planNodeAlerts(input({ nodes: [node("w1", healthy(0), "v1.32.0")], alerts: [open] }), at(1), settings)).toMatchObject([
      { type: "resolve", alertId: "s1" },
      { type: "open", kind: "version_skew", dedupeKey: "v1.32.0" },
    ]);
  });

  it("judges nothing until the control-plane version is known", () => {
    const open = alert({ id: "s1", kind: "version_skew", nodeName: "w1", dedupeKey: "v1.33.0" });
    expect(planNodeAlerts(input({ controlPlaneVersion: null, nodes: [node("w1", healthy(0), "v1.33.0"), node("w2", healthy(0), "v1.10.0")], alerts: [open] }), at(1), settings)).toEqual([]);
  });
});

describe("node limit alerts", () => {
  const nodes = (n: number) => Array.from({ length: n }, (_, i) => node(`w${i}`, healthy(0), null));

  it("opens and notifies once when joined nodes reach the quota", () => {
    expect(planNodeAlerts(input({ nodeQuota: 3, nodes: nodes(2) }), at(1), settings)).toEqual([]);
    expect(planNodeAlerts(input({ nodeQuota: 3, nodes: nodes(3) }), at(1), settings)).toEqual([
      { type: "open", kind: "node_limit", nodeName: "", dedupeKey: "open", openedAt: at(1), detail: { node_count: 3, node_quota: 3 }, notify: true },
    ]);
    const open = alert({ id: "l1", kind: "node_limit", nodeName: "" });
    expect(planNodeAlerts(input({ nodeQuota: 3, nodes: nodes(4), alerts: [open] }), at(2), settings)).toEqual([]);
  });

  it("re-arms when the count drops below, and never fires without a quota", () => {
    const open = alert({ id: "l1", kind: "node_limit", nodeName: "" });
    expect(planNodeAlerts(input({ nodeQuota: 3, nodes: nodes(2), alerts: [open] }), at(2), settings)).toEqual([
      { type: "resolve", alertId: "l1", kind: "node_limit", nodeName: "", detail: { node_count: 2, node_quota: 3 }, notifyRecovery: false },
    ]);
    expect(planNodeAlerts(input({ nodeQuota: null, nodes: nodes(50) }), at(2), settings)).toEqual([]);
    expect(planNodeAlerts(input({ nodeQuota: 0, nodes: [] }), at(2), settings)).toMatchObject([{ type: "open", kind: "node_limit" }]);
  });
});
