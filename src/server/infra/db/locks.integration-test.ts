import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createPrismaClient, type Db, type Prisma } from "./client";
import { lockRowForUpdate, lockSharedUntilCommit, lockUntilCommit } from "./locks";
import { insertTestCluster } from "./prisma-job-store.test-fixtures";

let database: TestDatabase;
let db: Db;
let other: Db;

beforeAll(async () => {
  database = await createTestDatabase("db_locks");
  db = createPrismaClient(database.url);
  other = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await other?.$disconnect();
  await database?.drop();
});

/** Whether another session could take the advisory lock on hashtext(key) right now (it lets go at once). */
async function freeElsewhere(key: string): Promise<boolean> {
  const [row] = await other.$queryRaw<{ free: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS free`;
  return row?.free === true;
}

describe("lockUntilCommit", () => {
  // The hashtext() inputs as processes already running in production take them: a rolling deploy
  // mixes old and new processes, which must still exclude each other.
  const deployedKeys: Array<{ key: string; take: (tx: Prisma.TransactionClient) => Promise<void> }> = [
    { key: "admin-user-changes", take: (tx) => lockUntilCommit(tx, "adminUserChanges") },
    { key: "kubebyon.first-admin", take: (tx) => lockUntilCommit(tx, "firstAdmin") },
    { key: "system-settings", take: (tx) => lockUntilCommit(tx, "systemSettings") },
    { key: "notification-delivery-settings", take: (tx) => lockUntilCommit(tx, "notificationDeliverySettings") },
    { key: "billing-default-plan", take: (tx) => lockUntilCommit(tx, "billingDefaultPlan") },
    { key: "cluster-quota:usr_a", take: (tx) => lockUntilCommit(tx, "clusterQuota", "usr_a") },
    { key: "billing-user:usr_a", take: (tx) => lockUntilCommit(tx, "billingUser", "usr_a") },
  ];

  it.each(deployedKeys)("holds hashtext($key) until the transaction ends", async ({ key, take }) => {
    await db.$transaction(async (tx) => {
      await take(tx);
      expect(await freeElsewhere(key)).toBe(false);
    });
    expect(await freeElsewhere(key)).toBe(true);
  });

  it("keeps per-user locks apart", async () => {
    await db.$transaction(async (tx) => {
      await lockUntilCommit(tx, "clusterQuota", "usr_a");
      expect(await freeElsewhere("cluster-quota:usr_b")).toBe(true);
    });
  });
});

describe("lockSharedUntilCommit", () => {
  it("lets other shared holders in and keeps the exclusive form out until the transaction ends", async () => {
    const sharedFreeElsewhere = async () => (await other.$queryRaw<{ free: boolean }[]>`SELECT pg_try_advisory_xact_lock_shared(hashtext('system-settings')) AS free`)[0]?.free === true;
    await db.$transaction(async (tx) => {
      await lockSharedUntilCommit(tx, "systemSettings");
      expect(await sharedFreeElsewhere()).toBe(true);
      expect(await freeElsewhere("system-settings")).toBe(false);
    });
    expect(await freeElsewhere("system-settings")).toBe(true);
  });

  it("waits while the exclusive form is held", async () => {
    await db.$transaction(async (tx) => {
      await lockUntilCommit(tx, "systemSettings");
      const shared = other.$transaction(async (otx) => {
        await otx.$executeRaw`SET LOCAL lock_timeout = '200ms'`;
        await lockSharedUntilCommit(otx, "systemSettings");
      });
      await expect(shared).rejects.toThrow(/lock timeout|canceling statement/i);
    });
  });
});

describe("lockRowForUpdate", () => {
  it("locks an existing row until the transaction ends and says false for a missing one", async () => {
    const { clusterId } = await insertTestCluster(db);
    await db.$transaction(async (tx) => {
      expect(await lockRowForUpdate(tx, "cluster", clusterId)).toBe(true);
      await expect(other.$queryRaw`SELECT id FROM clusters WHERE id = ${clusterId} FOR UPDATE NOWAIT`).rejects.toThrow(/lock/i);
    });
    expect(await other.$queryRaw`SELECT id FROM clusters WHERE id = ${clusterId} FOR UPDATE NOWAIT`).toHaveLength(1);
    expect(await db.$transaction((tx) => lockRowForUpdate(tx, "plan", "pln_missing"))).toBe(false);
    expect(await db.$transaction((tx) => lockRowForUpdate(tx, "order", "ord_missing"))).toBe(false);
  });
});
