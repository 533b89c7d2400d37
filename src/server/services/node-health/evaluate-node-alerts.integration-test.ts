import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlan } from "@e2e/env/grant-plan";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { newId } from "@/server/domain/ids";
import type { KubeNode } from "@/server/domain/nodes/kube-node";
import { toNodeView } from "@/server/domain/nodes/node-view";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { recordNodeSnapshot } from "@/server/services/nodes/record-node-snapshot";
import { evaluateNodeAlerts, type NodeAlertDeps } from "./evaluate-node-alerts";

/**
 * The evaluator on a real database: the `nodes` / `node_events` rows are written by the observer's
 * own recordNodeSnapshot, the clock is the test's. Version skew, the node limit and the unhealthy
 * episode, and two evaluators racing, are judged by what lands in node_alerts and in
 * notification_deliveries (the outbox the delivery loop sends from).
 */
let database: TestDatabase;
let db: Db;
let clock = new Date("2026-06-01T10:00:00Z");
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const log = createLogger({ level: "error" });
const deps = (): NodeAlertDeps => ({ db, log, now: () => clock, settings: { unhealthyMs: 300_000, recoveryMs: 60_000, cooldownMs: 1_800_000 } });

function view(name: string, ready: "True" | "False" | "Unknown", kubeletVersion = "v1.37.1") {
  const k: KubeNode = { metadata: { name }, status: { conditions: [{ type: "Ready", status: ready }], nodeInfo: { kubeletVersion } } };
  return toNodeView(k, clock);
}

/** A ready cluster; with `nodeQuota`, its owner's current plan (a paid order) allows that many nodes. */
async function readyCluster(fields: { nodeQuota?: number; controlPlaneVersion?: string | null } = {}) {
  const { userId, clusterId } = await insertTestCluster(db);
  // The snapshot the cluster took at create says nothing: the alert follows the owner's current plan.
  await db.cluster.update({ where: { id: clusterId }, data: { status: "ready", nodeQuota: 99, controlPlaneVersion: fields.controlPlaneVersion ?? "v1.37.2" } });
  if (fields.nodeQuota !== undefined) {
    const planId = newId("pln");
    await db.plan.create({ data: { id: planId, code: planId, name: `Nodes ${fields.nodeQuota}`, clusterQuota: 1, nodeQuota: fields.nodeQuota } });
    await grantPlan(db, userId, planId, clock);
  }
  // A webhook endpoint makes both channels record a delivery.
  await db.notificationWebhook.create({ data: { userId, url: "http://127.0.0.1:9/hooks", secret: "whsec_test" } });
  return { userId, clusterId };
}

const snapshot = (clusterId: string, nodes: ReturnType<typeof view>[]) => recordNodeSnapshot({ db, now: () => clock }, clusterId, nodes);
const deliveries = async (userId: string) =>
  (await db.notificationDelivery.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { channel: "asc" }] })).map((d) => `${d.event}/${d.channel}`);

beforeAll(async () => {
  database = await createTestDatabase("node_alerts");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe("evaluateNodeAlerts", () => {
  it("version skew: one alert per node and kubelet version, none for a supported kubelet, quiet resolve on upgrade", async () => {
    const { userId, clusterId } = await readyCluster({ controlPlaneVersion: "v1.37.2" });
    await snapshot(clusterId, [view("old", "True", "v1.33.4"), view("new", "True", "v1.38.0"), view("fine", "True", "v1.34.0")]);
    await evaluateNodeAlerts(deps());
    await evaluateNodeAlerts(deps());
    const alerts = await db.nodeAlert.findMany({ where: { clusterId }, orderBy: { nodeName: "asc" } });
    expect(alerts.map((a) => [a.nodeName, a.kind, a.dedupeKey, a.resolvedAt])).toEqual([
      ["new", "version_skew", "v1.38.0", null],
      ["old", "version_skew", "v1.33.4", null],
    ]);
    expect((await deliveries(userId)).sort()).toEqual(["node.version_skew/email", "node.version_skew/email", "node.version_skew/webhook", "node.version_skew/webhook"]);
    const hook = await db.notificationDelivery.findFirstOrThrow({ where: { userId, channel: "webhook", event: "node.version_skew", payload: { path: ["data", "node_name"], equals: "old" } } });
    expect(hook.payload).toMatchObject({ type: "node.version_skew", data: { cluster_id: clusterId, node_name: "old", kubelet_version: "v1.33.4", control_plane_version: "v1.37.2", skew: "too_old", supported: "v1.34–v1.37" } });

    // The old node is upgraded: its alert resolves without a message; the same version later never alerts again.
    await snapshot(clusterId, [view("old", "True", "v1.36.0"), view("new", "True", "v1.38.0"), view("fine", "True", "v1.34.0")]);
    await evaluateNodeAlerts(deps());
    await snapshot(clusterId, [view("old", "True", "v1.33.4"), view("new", "True", "v1.38.0"), view("fine", "True", "v1.34.0")]);
    await evaluateNodeAlerts(deps());
    expect(await db.nodeAlert.count({ where: { clusterId, nodeName: "old" } })).toBe(1);
    expect((await db.nodeAlert.findFirstOrThrow({ where: { clusterId, nodeName: "old" } })).resolvedAt).not.toBeNull();
    expect(await deliveries(userId)).toHaveLength(4);
  });

  it("node limit: one notification per crossing, re-armed when the count drops below the quota", async () => {
    const { userId, clusterId } = await readyCluster({ nodeQuota: 2 });
    await snapshot(clusterId, [view("w1", "True")]);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toEqual([]);

    await snapshot(clusterId, [view("w1", "True"), view("w2", "False")]);
    await evaluateNodeAlerts(deps());
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toEqual(["cluster.node_limit_reached/email", "cluster.node_limit_reached/webhook"]);
    const hook = await db.notificationDelivery.findFirstOrThrow({ where: { userId, channel: "webhook" } });
    expect(hook.payload).toMatchObject({ data: { cluster_id: clusterId, cluster_name: "jobs", node_count: 2, node_quota: 2 } });

    // A node leaves (its row is marked deleted): re-armed; a new join crosses again.
    await snapshot(clusterId, [view("w1", "True")]);
    await evaluateNodeAlerts(deps());
    expect(await db.nodeAlert.count({ where: { clusterId, kind: "node_limit", resolvedAt: null } })).toBe(0);
    await snapshot(clusterId, [view("w1", "True"), view("w3", "True")]);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toHaveLength(4);
    expect(await db.nodeAlert.count({ where: { clusterId, kind: "node_limit" } })).toBe(2);
  });

  it("unhealthy: opens after the threshold, keeps one episode through a short Ready blip, recovers after the recovery time", async () => {
    const { userId, clusterId } = await readyCluster();
    await snapshot(clusterId, [view("w1", "True")]);
    advance(60);
    await snapshot(clusterId, [view("w1", "Unknown")]);
    advance(299);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toEqual([]);
    advance(1);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toEqual(["node.unhealthy/email", "node.unhealthy/webhook"]);
    const opened = await db.notificationDelivery.findFirstOrThrow({ where: { userId, channel: "webhook", event: "node.unhealthy" } });
    expect(opened.payload).toMatchObject({ data: { node_name: "w1", state: "offline", duration_seconds: 300, since: new Date(clock.getTime() - 300_000).toISOString() } });

    // Ready for 30 s, then NotReady again for 10 minutes: the same open episode, nothing sent.
    await snapshot(clusterId, [view("w1", "True")]);
    advance(30);
    await evaluateNodeAlerts(deps());
    await snapshot(clusterId, [view("w1", "False")]);
    advance(600);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toHaveLength(2);
    expect(await db.nodeAlert.count({ where: { clusterId, kind: "unhealthy" } })).toBe(1);

    await snapshot(clusterId, [view("w1", "True")]);
    advance(59);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toHaveLength(2);
    advance(1);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toEqual(["node.unhealthy/email", "node.unhealthy/webhook", "node.recovered/email", "node.recovered/webhook"]);

    // Down again inside the cooldown: recorded, not sent; when the cooldown ends while it is still down, sent once.
    await snapshot(clusterId, [view("w1", "False")]);
    advance(400);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toHaveLength(4);
    expect(await db.nodeAlert.count({ where: { clusterId, kind: "unhealthy", resolvedAt: null, notifiedAt: null } })).toBe(1);
    advance(1_800);
    await evaluateNodeAlerts(deps());
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toHaveLength(6);
  });

  it("two evaluators racing record each notification once", async () => {
    const { userId, clusterId } = await readyCluster({ nodeQuota: 1, controlPlaneVersion: "v1.37.0" });
    await snapshot(clusterId, [view("w1", "False", "v1.30.0")]);
    advance(301);
    const results = await Promise.all([evaluateNodeAlerts(deps()), evaluateNodeAlerts(deps()), evaluateNodeAlerts(deps())]);
    expect(results.reduce((n, r) => n + r.opened, 0)).toBe(3);
    expect((await deliveries(userId)).sort()).toEqual(
      ["cluster.node_limit_reached/email", "cluster.node_limit_reached/webhook", "node.unhealthy/email", "node.unhealthy/webhook", "node.version_skew/email", "node.version_skew/webhook"].sort(),
    );
  });

  it("a deleted node's open alert resolves without a recovery message", async () => {
    const { userId, clusterId } = await readyCluster();
    await snapshot(clusterId, [view("gone", "False")]);
    advance(400);
    await evaluateNodeAlerts(deps());
    await snapshot(clusterId, []);
    await evaluateNodeAlerts(deps());
    expect(await deliveries(userId)).toEqual(["node.unhealthy/email", "node.unhealthy/webhook"]);
    expect((await db.nodeAlert.findFirstOrThrow({ where: { clusterId } })).detail).toMatchObject({ resolution: { reason: "deleted" } });
  });
});
