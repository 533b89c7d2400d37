import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { loopLeadership } from "./loop-leadership";
import { startSanGraceExpiryLoop } from "./san-grace-expiry-loop";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase("san_grace_expiry_loop");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 3_600_000);

describe("startSanGraceExpiryLoop", () => {
  it("on its leader, enqueues one platform-started update per ready cluster whose previous name outlived its grace, and leaves the rest alone", async () => {
    const due = await insertTestCluster(db);
    const inGrace = await insertTestCluster(db);
    const failed = await insertTestCluster(db);
    await db.cluster.update({ where: { id: due.clusterId }, data: { status: "ready", previousControlPlaneHost: "a.example.test", previousControlPlaneHostUntil: past() } });
    await db.cluster.update({ where: { id: inGrace.clusterId }, data: { status: "ready", previousControlPlaneHost: "a.example.test", previousControlPlaneHostUntil: future() } });
    await db.cluster.update({ where: { id: failed.clusterId }, data: { status: "error", previousControlPlaneHost: "a.example.test", previousControlPlaneHostUntil: past() } });

    const log = createLogger({ write: () => undefined });
    const wakeups = new InProcessJobWakeups();
    const deps = { db, now: () => new Date(), jobs: new PrismaJobStore(db), wakeups };
    // Two processes run the loop, as two workers would: the expired name still gets one update.
    const first = startSanGraceExpiryLoop({ deps, log }, 100, loopLeadership(database.url, "san-grace-expiry", "one", log));
    const second = startSanGraceExpiryLoop({ deps, log }, 100, loopLeadership(database.url, "san-grace-expiry", "two", log));
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
      await first();
      await second();
      await wakeups.close();
    }
    expect(await db.clusterOperation.count({ where: { clusterId: { in: [inGrace.clusterId, failed.clusterId] } } })).toBe(0);
    expect((await db.cluster.findUniqueOrThrow({ where: { id: failed.clusterId } })).status).toBe("error");
  });
});
