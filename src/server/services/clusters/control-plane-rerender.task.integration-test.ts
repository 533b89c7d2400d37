import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { leaderClaimsOn, startTestTask } from "@e2e/env/background-task";
import { controlPlaneRerenderTask } from "./control-plane-rerender.task";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase("control_plane_rerender_loop");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 3_600_000);

describe("controlPlaneRerenderTask", () => {
  it("on its leader, enqueues one platform-started update per ready cluster whose previous name outlived its grace, and leaves the rest alone", async () => {
    const due = await insertTestCluster(db);
    const inGrace = await insertTestCluster(db);
    const failed = await insertTestCluster(db);
    await db.cluster.update({ where: { id: due.clusterId }, data: { status: "ready", previousControlPlaneHost: "a.example.test", previousControlPlaneHostUntil: past() } });
    await db.cluster.update({ where: { id: inGrace.clusterId }, data: { status: "ready", previousControlPlaneHost: "a.example.test", previousControlPlaneHostUntil: future() } });
    await db.cluster.update({ where: { id: failed.clusterId }, data: { status: "error", previousControlPlaneHost: "a.example.test", previousControlPlaneHostUntil: past() } });

    const log = createLogger({ write: () => undefined });
    const wakeups = new InProcessJobWakeups();
    const deps = { db, now: () => new Date(), jobs: new PrismaJobStore(db), wakeups, publicAccessProvider: "servicelb" as const };
    // Two processes run the loop, as two workers would: the expired name still gets one update.
    const first = startTestTask(controlPlaneRerenderTask, { ...deps, log }, { intervalMs: 100, claims: leaderClaimsOn(database.url, "one") });
    const second = startTestTask(controlPlaneRerenderTask, { ...deps, log }, { intervalMs: 100, claims: leaderClaimsOn(database.url, "two") });
    try {
      const row = await waitFor("the due cluster to start updating", () => db.cluster.findUniqueOrThrow({ where: { id: due.clusterId } }), (c) => c.status === "updating", 5_000);
      expect(row.previousControlPlaneHost).toBe("a.example.test"); // the job clears it once helm ran
      // Several ticks later: still one operation and one job (the cluster is busy now).
      await new Promise((r) => setTimeout(r, 500));
      const ops = await db.clusterOperation.findMany({ where: { clusterId: due.clusterId } });
      expect(ops).toHaveLength(1);
      expect(ops[0]).toMatchObject({ kind: "update", status: "pending", requestedById: null });
      expect(await db.clusterJob.findMany({ where: { clusterId: due.clusterId }, select: { kind: true, operationId: true } })).toEqual([{ kind: "cluster.update", operationId: ops[0]!.id }]);
    } finally {
      await first.stop();
      await second.stop();
      await wakeups.close();
    }
    expect(await db.clusterOperation.count({ where: { clusterId: { in: [inGrace.clusterId, failed.clusterId] } } })).toBe(0);
    expect((await db.cluster.findUniqueOrThrow({ where: { id: failed.clusterId } })).status).toBe("error");
  });

  it("after a provider change, enqueues an update for each ready loadbalancer cluster rendered under another provider, and only for those", async () => {
    const lb = { status: "ready" as const, publicAccessEnabled: true, publicAccessMode: "loadbalancer" as const, controlPlaneHost: "k8s.example.test" };
    const stale = await insertTestCluster(db);
    const current = await insertTestCluster(db);
    const nodeport = await insertTestCluster(db);
    const off = await insertTestCluster(db);
    const neverRendered = await insertTestCluster(db);
    await db.cluster.update({ where: { id: stale.clusterId }, data: { ...lb, renderedPublicAccessProvider: "servicelb" } });
    await db.cluster.update({ where: { id: current.clusterId }, data: { ...lb, renderedPublicAccessProvider: "haproxy" } });
    await db.cluster.update({ where: { id: nodeport.clusterId }, data: { ...lb, publicAccessMode: "nodeport", renderedPublicAccessProvider: "servicelb" } });
    await db.cluster.update({ where: { id: off.clusterId }, data: { ...lb, publicAccessEnabled: false, renderedPublicAccessProvider: "servicelb" } });
    // Still being created: its create job renders it for the provider in effect.
    await db.cluster.update({ where: { id: neverRendered.clusterId }, data: { ...lb, status: "provisioning", renderedPublicAccessProvider: null } });

    const log = createLogger({ write: () => undefined });
    const wakeups = new InProcessJobWakeups();
    const deps = { db, now: () => new Date(), jobs: new PrismaJobStore(db), wakeups, publicAccessProvider: "haproxy" as const };
    const running = startTestTask(controlPlaneRerenderTask, { ...deps, log }, { intervalMs: 100, claims: leaderClaimsOn(database.url, "one") });
    try {
      await waitFor("the stale cluster to start updating", () => db.cluster.findUniqueOrThrow({ where: { id: stale.clusterId } }), (c) => c.status === "updating", 5_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(await db.clusterOperation.findMany({ where: { clusterId: stale.clusterId }, select: { kind: true, requestedById: true } })).toEqual([{ kind: "update", requestedById: null }]);
    } finally {
      await running.stop();
      await wakeups.close();
    }
    expect(await db.clusterOperation.count({ where: { clusterId: { in: [current.clusterId, nodeport.clusterId, off.clusterId, neverRendered.clusterId] } } })).toBe(0);
  });
});
