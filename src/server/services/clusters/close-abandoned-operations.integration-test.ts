import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type ClusterJobStatus, type ClusterStatus, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { closeAbandonedOperations } from "./close-abandoned-operations";

let database: TestDatabase;
let db: Db;
const deps = () => ({ db, log: createLogger({ level: "error" }), now: () => new Date() });

/** A cluster in `clusterStatus` with one operation of `kind` (running) and its job in `jobStatus`. */
async function scenario(kind: "create" | "update" | "delete", clusterStatus: ClusterStatus, jobStatus: ClusterJobStatus, lastError: string | null) {
  const { clusterId } = await insertTestCluster(db);
  await db.cluster.update({ where: { id: clusterId }, data: { status: clusterStatus } });
  const operationId = newId("op");
  await db.clusterOperation.create({ data: { id: operationId, clusterId, kind, status: "running" } });
  await db.clusterJob.create({
    data: { id: newId("job"), clusterId, operationId, kind: `cluster.${kind}`, status: jobStatus, lastError, attempts: 3, maxAttempts: 3, payload: {} },
  });
  return { clusterId, operationId };
}

const read = async (s: { clusterId: string; operationId: string }) => ({
  cluster: await db.cluster.findUniqueOrThrow({ where: { id: s.clusterId } }),
  op: await db.clusterOperation.findUniqueOrThrow({ where: { id: s.operationId } }),
});

beforeAll(async () => {
  database = await createTestDatabase("abandoned_operations");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe("closeAbandonedOperations", () => {
  it("fails the operation and the cluster with the job's last error when the job died without its handler", async () => {
    const created = await scenario("create", "provisioning", "dead", "attempt 3 of 3: runner w-1 stopped renewing its lease without reporting a result; no attempts left");
    const deleting = await scenario("delete", "deleting", "failed", null);
    const stillRunning = await scenario("update", "updating", "running", null);
    const retrying = await scenario("update", "updating", "pending", "helm said no");

    expect(await closeAbandonedOperations(deps())).toBe(2);

    const a = await read(created);
    expect(a.op).toMatchObject({ status: "failed", error: expect.stringMatching(/stopped renewing its lease/) });
    expect(a.op.finishedAt).not.toBeNull();
    expect(a.cluster).toMatchObject({ status: "error", lastError: a.op.error });

    const b = await read(deleting);
    expect(b.op.status).toBe("failed");
    expect(b.op.error).toMatch(/ended without reporting a result/);
    expect(b.cluster.status).toBe("error");

    for (const untouched of [stillRunning, retrying]) {
      const c = await read(untouched);
      expect(c.op.status).toBe("running");
      expect(c.cluster.status).toBe("updating");
    }
  });

  it("does nothing the second time, and leaves a cluster that moved on alone", async () => {
    expect(await closeAbandonedOperations(deps())).toBe(0);
    // The user deleted the cluster after the update job died: the delete owns the status now.
    const movedOn = await scenario("update", "deleting", "dead", "gave up");
    expect(await closeAbandonedOperations(deps())).toBe(1);
    const after = await read(movedOn);
    expect(after.op.status).toBe("failed");
    expect(after.cluster.status).toBe("deleting");
  });

  it("closes each operation once when several processes sweep at the same time", async () => {
    const s = await scenario("create", "provisioning", "dead", "gone");
    const results = await Promise.all([closeAbandonedOperations(deps()), closeAbandonedOperations(deps()), closeAbandonedOperations(deps())]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await read(s)).cluster.status).toBe("error");
  });
});
