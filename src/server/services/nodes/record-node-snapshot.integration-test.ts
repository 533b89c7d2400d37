import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { toNodeView } from "@/server/domain/nodes/node-view";
import type { KubeNode } from "@/server/domain/nodes/kube-node";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { recordNodeSnapshot } from "./record-node-snapshot";

let database: TestDatabase;
let db: Db;
let clusterId: string;
let clock = new Date("2026-03-01T10:00:00Z");
const deps = () => ({ db, now: () => clock });
const tick = () => (clock = new Date(clock.getTime() + 60_000));

function node(name: string, ready: "True" | "False" | "Unknown", unschedulable = false) {
  const k: KubeNode = {
    metadata: { name, labels: { "node-role.kubernetes.io/worker": "" }, creationTimestamp: "2026-03-01T09:00:00Z" },
    spec: { unschedulable, podCIDR: "10.244.0.0/24" },
    status: {
      conditions: [{ type: "Ready", status: ready }],
      addresses: [{ type: "InternalIP", address: "10.0.0.7" }],
      capacity: { cpu: "2", memory: "4Gi", pods: "110" },
      nodeInfo: { kubeletVersion: "v1.33.0", osImage: "Debian 12", kernelVersion: "6.1.0", containerRuntimeVersion: "containerd://1.7" },
    },
  };
  return toNodeView(k, clock);
}

async function eventTypes(): Promise<string[]> {
  const rows = await db.nodeEvent.findMany({ where: { clusterId }, orderBy: [{ observedAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => `${r.nodeName}:${r.type}`);
}

beforeAll(async () => {
  database = await createTestDatabase("record-node-snapshot");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

beforeEach(async () => {
  ({ clusterId } = await insertTestCluster(db));
});

describe("recordNodeSnapshot", () => {
  it("stores the snapshot columns of a joining node and its join events", async () => {
    const result = await recordNodeSnapshot(deps(), clusterId, [node("w1", "True")]);
    expect(result.upserted).toBe(1);
    expect(result.events.map((e) => e.type)).toEqual(["joined", "ready"]);

    const row = await db.node.findUniqueOrThrow({ where: { clusterId_name: { clusterId, name: "w1" } } });
    expect(row).toMatchObject({
      id: expect.stringMatching(/^nd_/),
      status: "ready",
      internalIp: "10.0.0.7",
      roles: ["worker"],
      kubeletVersion: "v1.33.0",
      osImage: "Debian 12",
      kernelVersion: "6.1.0",
      containerRuntimeVersion: "containerd://1.7",
      cpuCapacity: "2",
      memoryCapacity: "4Gi",
      podCidr: "10.244.0.0/24",
      unschedulable: false,
      labels: { "node-role.kubernetes.io/worker": "" },
      deletedAt: null,
      firstSeenAt: clock,
    });
    expect(row.conditions).toEqual([expect.objectContaining({ type: "Ready", status: "True" })]);
    const events = await db.nodeEvent.findMany({ where: { clusterId } });
    expect(events.every((e) => e.nodeId === row.id)).toBe(true);
  });

  it("is idempotent for an unchanged list but refreshes last_seen_at", async () => {
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "False")]);
    tick();
    const again = await recordNodeSnapshot(deps(), clusterId, [node("w1", "False")]);
    expect(again.events).toEqual([]);
    expect(await eventTypes()).toEqual(["w1:joined"]);
    const row = await db.node.findUniqueOrThrow({ where: { clusterId_name: { clusterId, name: "w1" } } });
    expect(row.lastSeenAt).toEqual(clock);
    expect(row.firstSeenAt.getTime()).toBe(clock.getTime() - 60_000);
  });

  it("writes only the nodes that changed: an unchanged one's last_seen_at moves at most once a minute", async () => {
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "True"), node("w2", "True")]);
    const before = await db.node.findMany({ where: { clusterId }, orderBy: { name: "asc" } });
    clock = new Date(clock.getTime() + 10_000);
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "True"), node("w2", "False")]);
    const after = await db.node.findMany({ where: { clusterId }, orderBy: { name: "asc" } });
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ status: "not_ready", lastSeenAt: clock });
    tick();
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "True"), node("w2", "False")]);
    const refreshed = await db.node.findMany({ where: { clusterId }, orderBy: { name: "asc" } });
    expect(refreshed.map((r) => r.lastSeenAt)).toEqual([clock, clock]);
  });

  it("follows a node through ready, cordon, offline, deletion and re-join", async () => {
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "False"), node("w2", "True")]);
    tick();
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "True"), node("w2", "True", true)]);
    tick();
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "Unknown"), node("w2", "True")]);
    tick();
    const gone = await recordNodeSnapshot(deps(), clusterId, [node("w2", "True")]);
    expect(gone.markedDeleted).toBe(1);
    const deleted = await db.node.findUniqueOrThrow({ where: { clusterId_name: { clusterId, name: "w1" } } });
    expect(deleted.deletedAt).toEqual(clock);
    tick();
    // Recording the same list again must not repeat "deleted".
    expect((await recordNodeSnapshot(deps(), clusterId, [node("w2", "True")])).events).toEqual([]);
    tick();
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "False"), node("w2", "True")]);

    expect(await eventTypes()).toEqual([
      "w1:joined",
      "w2:joined",
      "w2:ready",
      "w1:ready",
      "w2:cordoned",
      "w1:offline",
      "w2:uncordoned",
      "w1:deleted",
      "w1:joined",
    ]);
    const rejoined = await db.node.findUniqueOrThrow({ where: { clusterId_name: { clusterId, name: "w1" } } });
    expect(rejoined).toMatchObject({ id: deleted.id, deletedAt: null, status: "not_ready", firstSeenAt: clock });
  });

  it("serialises concurrent snapshots of one cluster so a transition is recorded once", async () => {
    await recordNodeSnapshot(deps(), clusterId, [node("w1", "False")]);
    tick();
    const results = await Promise.all([1, 2, 3].map(() => recordNodeSnapshot(deps(), clusterId, [node("w1", "True")])));
    expect(results.map((r) => r.events.length).sort()).toEqual([0, 0, 1]);
    expect(await eventTypes()).toEqual(["w1:joined", "w1:ready"]);
  });

  it("refuses an unknown cluster", async () => {
    await expect(recordNodeSnapshot(deps(), "cl_missing", [])).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
