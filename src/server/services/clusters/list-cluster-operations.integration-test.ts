import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { initialSteps, storedOperationSteps } from "@/server/domain/clusters/operation-steps";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { listClusterOperations } from "./list-cluster-operations";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase("list_cluster_operations");
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe("listClusterOperations", () => {
  it("lists an operation whose stored steps cannot be read with an empty timeline, beside the readable ones, and logs why", async () => {
    const { userId, clusterId } = await insertTestCluster(db);
    const viewer = { id: userId, email: `${userId}@example.test`, name: "owner", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_x" } };
    const readable = newId("op");
    const broken = newId("op");
    await db.clusterOperation.create({ data: { id: readable, clusterId, kind: "create", steps: storedOperationSteps(initialSteps("create")), createdAt: new Date(Date.now() - 1_000) } });
    await db.clusterOperation.create({ data: { id: broken, clusterId, kind: "update", steps: [{ name: "helm_upgrade", status: "done" }] } });
    const lines: string[] = [];

    const ops = await listClusterOperations({ db, log: createLogger({ write: (line) => lines.push(line) }) }, viewer, clusterId, { limit: 20 });

    expect(ops.next_cursor).toBeNull();
    expect(ops.items.map((op) => [op.id, op.steps.length])).toEqual([
      [broken, 0],
      [readable, initialSteps("create").length],
    ]);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: "warn", operation_id: broken, problem: expect.stringContaining("[0].status") }),
    ]);
  });

  it("pages newest first by (created_at, id): operations created in the same instant are neither skipped nor repeated", async () => {
    const { userId, clusterId } = await insertTestCluster(db);
    const viewer = { id: userId, email: `${userId}@example.test`, name: "owner", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_x" } };
    const at = new Date("2026-03-01T10:00:00.123Z");
    await db.clusterOperation.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({ id: newId("op"), clusterId, kind: "update", steps: storedOperationSteps(initialSteps("update")), createdAt: i < 4 ? at : new Date(at.getTime() + i) })),
    });
    const deps = { db, log: createLogger({ write: () => undefined }) };

    const listed: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listClusterOperations(deps, viewer, clusterId, { limit: 3, cursor });
      sizes.push(page.items.length);
      listed.push(...page.items.map((op) => op.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);

    const stored = await db.clusterOperation.findMany({ where: { clusterId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(listed).toEqual(stored.map((op) => op.id));
    expect(sizes).toEqual([3, 3, 1]);
    await expect(listClusterOperations(deps, viewer, clusterId, { limit: 3, cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("The cursor is not valid.") });
  });
});
