import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import type { JobStore } from "@/server/services/jobs/job-store";
import { createPrismaClient, type Db } from "./client";
import { PrismaJobStore, type DbTransaction } from "./prisma-job-store";
import { insertTestCluster } from "./prisma-job-store.test-fixtures";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let db: Db;
let store: PrismaJobStore;
let clusterId: string;

beforeAll(async () => {
  database = await createTestDatabase("prisma-job-store");
  db = createPrismaClient(database.url);
  store = new PrismaJobStore(db, { backoff: { baseMs: 1_000, factor: 2, maxMs: 60_000, jitter: 0 } });
  ({ clusterId } = await insertTestCluster(db));
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

async function clearJobs(): Promise<void> {
  await db.clusterJob.deleteMany({});
}

describe("PrismaJobStore", () => {
  it("satisfies the services' JobStore port", () => {
    const port: JobStore<DbTransaction> = store;
    expect(port).toBe(store);
  });

  it("enqueues a pending job with defaults", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: { vcluster_name: "demo" } });
    expect(job.id).toMatch(/^job_[0-9a-z]{20}$/);
    expect(job).toMatchObject({ status: "pending", attempts: 0, maxAttempts: 5, leaseOwner: null, payload: { vcluster_name: "demo" } });
  });

  it("enqueues inside the caller's transaction, so a rollback leaves no job", async () => {
    await clearJobs();
    await expect(
      db.$transaction(async (tx) => {
        await store.enqueue({ clusterId, kind: "cluster.create", payload: {} }, tx);
        throw new Error("rollback please");
      }),
    ).rejects.toThrow("rollback please");
    expect(await db.clusterJob.count()).toBe(0);

    const committed = await db.$transaction((tx) => store.enqueue({ clusterId, kind: "cluster.create", payload: {} }, tx));
    expect(await store.get(committed.id)).not.toBeNull();
  });

  it("leases a due job once, setting owner, expiry, attempts and started_at", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    const leased = await store.leaseNext("runner-a", 30_000);
    expect(leased).toMatchObject({ id: job.id, status: "running", leaseOwner: "runner-a", attempts: 1 });
    expect(leased?.startedAt).toBeInstanceOf(Date);
    const expiresIn = (leased?.leaseExpiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(25_000);
    expect(expiresIn).toBeLessThan(35_000);
    expect(await store.leaseNext("runner-b", 30_000)).toBeNull();
    expect(await store.leaseById(job.id, "runner-b", 30_000)).toBeNull();
  });

  it("does not lease a job before its run_after", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await db.$executeRaw`UPDATE cluster_jobs SET run_after = now() + interval '1 hour' WHERE id = ${job.id}`;
    expect(await store.leaseNext("runner-a", 30_000)).toBeNull();
    expect(await store.leaseById(job.id, "runner-a", 30_000)).toBeNull();
  });

  it("hands each of 20 jobs to exactly one of two competing leasers", async () => {
    await clearJobs();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await store.enqueue({ clusterId, kind: "cluster.create", payload: { i } })).id);
    const otherDb = createPrismaClient(database.url);
    const otherStore = new PrismaJobStore(otherDb);
    try {
      const drain = async (s: PrismaJobStore, owner: string) => {
        const got: string[] = [];
        for (;;) {
          const job = await s.leaseNext(owner, 30_000);
          if (!job) return got;
          got.push(job.id);
        }
      };
      const [a, b] = await Promise.all([drain(store, "runner-a"), drain(otherStore, "runner-b")]);
      expect([...a, ...b].sort()).toEqual([...ids].sort());
      expect(new Set([...a, ...b]).size).toBe(20);
    } finally {
      await otherDb.$disconnect();
    }
  });

  it("lets another runner take over an expired lease and refuses the old owner afterwards", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    expect((await store.leaseNext("runner-old", 200))?.id).toBe(job.id);
    expect(await store.leaseNext("runner-new", 30_000)).toBeNull();
    await sleep(350);

    const takenOver = await store.leaseNext("runner-new", 30_000);
    // The lease says whose expired lease it took over: the runner counts it (kubebyon_job_lease_expiries_total).
    expect(takenOver).toMatchObject({ id: job.id, leaseOwner: "runner-new", attempts: 2, takenOverFrom: "runner-old" });

    expect(await store.renewLease(job.id, "runner-old", 30_000)).toBe(false);
    expect(await store.complete(job.id, "runner-old")).toBe(false);
    expect(await store.fail(job.id, "runner-old", "late failure", { retry: true })).toBeNull();
    expect(await store.get(job.id)).toMatchObject({ status: "running", leaseOwner: "runner-new", lastError: null });

    expect(await store.renewLease(job.id, "runner-new", 30_000)).toBe(true);
    expect(await store.complete(job.id, "runner-new")).toBe(true);
    const done = await store.get(job.id);
    expect(done).toMatchObject({ status: "succeeded", leaseOwner: "runner-new", leaseExpiresAt: null });
    expect(done?.finishedAt).toBeInstanceOf(Date);
    expect(await store.complete(job.id, "runner-new")).toBe(false);
  });

  it("leases a specific job by id for a wake-up", async () => {
    await clearJobs();
    const first = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    const second = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    expect(await store.leaseById(second.id, "runner-a", 30_000)).toMatchObject({ id: second.id, takenOverFrom: null });
    expect(await store.leaseById(second.id, "runner-a", 30_000)).toBeNull();
    expect(await store.leaseById("job_does_not_exist", "runner-a", 30_000)).toBeNull();
    expect((await store.get(first.id))?.status).toBe("pending");
  });

  it("puts a failed attempt back with exponential backoff and marks it dead after max_attempts", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: {}, maxAttempts: 3 });

    const expectedDelays = [1_000, 2_000];
    for (const [index, delay] of expectedDelays.entries()) {
      const leased = await store.leaseById(job.id, "runner-a", 30_000);
      expect(leased?.attempts).toBe(index + 1);
      const failed = await store.fail(job.id, "runner-a", `helm failed #${index + 1}`, { retry: true });
      expect(failed).toMatchObject({ status: "pending", leaseOwner: null, leaseExpiresAt: null, lastError: `helm failed #${index + 1}` });
      const [row] = await db.$queryRaw<{ delayMs: number }[]>`
        SELECT (extract(epoch FROM run_after - now()) * 1000)::float8 AS "delayMs" FROM cluster_jobs WHERE id = ${job.id}`;
      const delayMs = row?.delayMs ?? Number.NaN;
      expect(delayMs).toBeGreaterThan(delay - 500);
      expect(delayMs).toBeLessThanOrEqual(delay);
      expect(await store.leaseById(job.id, "runner-a", 30_000)).toBeNull();
      await db.$executeRaw`UPDATE cluster_jobs SET run_after = now() WHERE id = ${job.id}`;
    }

    await store.leaseById(job.id, "runner-a", 30_000);
    const final = await store.fail(job.id, "runner-a", "helm failed #3", { retry: true });
    expect(final).toMatchObject({ status: "dead", attempts: 3, lastError: "helm failed #3", leaseExpiresAt: null, leaseOwner: "runner-a" });
    expect(final?.finishedAt).toBeInstanceOf(Date);
    expect(await store.leaseNext("runner-a", 30_000)).toBeNull();
  });

  it("fails at once without retry and keeps a trimmed error", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await store.leaseNext("runner-a", 30_000);
    const failed = await store.fail(job.id, "runner-a", `  ${"e".repeat(10_000)}  `, { retry: false });
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.lastError?.length).toBe(4_000);
    expect(failed?.lastError).toMatch(/more characters\]$/);
  });

  it("marks dead instead of re-leasing a job whose runner died on its last attempt", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: {}, maxAttempts: 1 });
    await store.leaseNext("runner-crashed", 100);
    await sleep(200);
    expect(await store.leaseById(job.id, "runner-b", 30_000)).toBeNull();
    expect(await store.leaseNext("runner-b", 30_000)).toBeNull();
    const dead = await store.get(job.id);
    expect(dead).toMatchObject({ status: "dead", attempts: 1, leaseExpiresAt: null });
    expect(dead?.finishedAt).toBeInstanceOf(Date);
    expect(dead?.lastError).toBe(
      "attempt 1 of 1: runner runner-crashed stopped renewing its lease without reporting a result; no attempts left",
    );
    expect(await store.leaseNext("runner-b", 30_000)).toBeNull();
  });

  it("fails (not dead) a non-retryable error even on the last attempt", async () => {
    await clearJobs();
    const job = await store.enqueue({ clusterId, kind: "cluster.create", payload: {}, maxAttempts: 1 });
    await store.leaseNext("runner-a", 30_000);
    expect(await store.fail(job.id, "runner-a", "cluster is gone", { retry: false })).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("completes a job and leases the next due one in the same call", async () => {
    await clearJobs();
    const first = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    const second = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await db.$executeRaw`UPDATE cluster_jobs SET run_after = now() - interval '1 minute' WHERE id = ${first.id}`;
    expect((await store.leaseNext("runner-a", 30_000))?.id).toBe(first.id);

    const result = await store.completeAndLeaseNext(first.id, "runner-a", 30_000);
    expect(result.completed).toBe(true);
    expect(result.next).toMatchObject({ id: second.id, status: "running", leaseOwner: "runner-a", attempts: 1 });
    expect(await store.get(first.id)).toMatchObject({ status: "succeeded", leaseOwner: "runner-a", leaseExpiresAt: null });

    expect(await store.completeAndLeaseNext(second.id, "runner-a", 30_000)).toEqual({ completed: true, next: null });
    expect(await store.completeAndLeaseNext(second.id, "runner-a", 30_000)).toEqual({ completed: false, next: null });
  });

  it("does not record a success for a lost lease but still leases the next job", async () => {
    await clearJobs();
    const first = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await store.leaseNext("runner-a", 30_000);
    await db.$executeRaw`UPDATE cluster_jobs SET lease_owner = 'runner-b' WHERE id = ${first.id}`;
    const second = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });

    const result = await store.completeAndLeaseNext(first.id, "runner-a", 30_000);
    expect(result.completed).toBe(false);
    expect(result.next?.id).toBe(second.id);
    expect(await store.get(first.id)).toMatchObject({ status: "running", leaseOwner: "runner-b" });
  });

  it("takes over an expired lease before pending work when the expiry check is due, and leases pending work by run_after", async () => {
    await clearJobs();
    const alwaysChecks = new PrismaJobStore(db, { expiryCheckIntervalMs: 0 });
    const crashed = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await store.leaseNext("runner-crashed", 100);
    const later = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    const earlier = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await db.$executeRaw`UPDATE cluster_jobs SET run_after = now() - interval '1 minute' WHERE id = ${earlier.id}`;
    await sleep(200);

    expect(await alwaysChecks.leaseNext("runner-b", 30_000)).toMatchObject({ id: crashed.id, attempts: 2, leaseOwner: "runner-b", takenOverFrom: "runner-crashed" });
    expect(await alwaysChecks.leaseNext("runner-b", 30_000)).toMatchObject({ id: earlier.id, takenOverFrom: null });
    expect((await alwaysChecks.leaseNext("runner-b", 30_000))?.id).toBe(later.id);
  });

  it("between expiry checks serves pending work first, but never reports an empty queue while an expired lease waits", async () => {
    await clearJobs();
    const rarelyChecks = new PrismaJobStore(db, { expiryCheckIntervalMs: 60_000 });
    const crashed = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    expect((await rarelyChecks.leaseNext("runner-crashed", 100))?.id).toBe(crashed.id); // the first call checks
    const pending = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await sleep(200);

    expect((await rarelyChecks.leaseNext("runner-b", 30_000))?.id).toBe(pending.id);
    expect(await rarelyChecks.leaseNext("runner-b", 30_000)).toMatchObject({ id: crashed.id, attempts: 2, leaseOwner: "runner-b", takenOverFrom: "runner-crashed" });
    expect(await rarelyChecks.leaseNext("runner-b", 30_000)).toBeNull();
  });

  it("lists newest first, filtered by status and cluster, limited", async () => {
    await clearJobs();
    const other = await insertTestCluster(db);
    const created: string[] = [];
    for (let i = 0; i < 4; i++) {
      created.push((await store.enqueue({ clusterId: i % 2 === 0 ? clusterId : other.clusterId, kind: "cluster.update", payload: { i } })).id);
      await sleep(5);
    }
    await store.leaseById(created[3] ?? "", "runner-a", 30_000);

    expect((await store.list({ limit: 10 })).map((j) => j.id)).toEqual([...created].reverse());
    expect((await store.list({ limit: 2 })).map((j) => j.id)).toEqual([created[3], created[2]]);
    expect((await store.list({ clusterId, limit: 10 })).map((j) => j.id)).toEqual([created[2], created[0]]);
    expect((await store.list({ status: "running", limit: 10 })).map((j) => j.id)).toEqual([created[3]]);
    expect(await store.list({ status: "failed", clusterId: other.clusterId, limit: 10 })).toEqual([]);
  });

  it("counts the queue by status, dates the oldest pending job and counts leases expired at the caller's now", async () => {
    await clearJobs();
    expect(await store.stats(new Date())).toEqual({
      byStatus: { pending: 0, running: 0, succeeded: 0, failed: 0, dead: 0 },
      oldestPendingCreatedAt: null,
      expiredLeases: 0,
    });

    const oldest = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await db.$executeRaw`UPDATE cluster_jobs SET created_at = now() - interval '1 hour' WHERE id = ${oldest.id}`;
    await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    const running = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await store.leaseById(running.id, "runner-a", 60_000);
    const failed = await store.enqueue({ clusterId, kind: "cluster.create", payload: {} });
    await store.leaseById(failed.id, "runner-a", 60_000);
    await store.fail(failed.id, "runner-a", "no", { retry: false });

    const stats = await store.stats(new Date());
    expect(stats.byStatus).toEqual({ pending: 2, running: 1, succeeded: 0, failed: 1, dead: 0 });
    expect(stats.oldestPendingCreatedAt?.getTime()).toBe((await store.get(oldest.id))?.createdAt.getTime());
    expect(stats.expiredLeases).toBe(0);
    expect((await store.stats(new Date(Date.now() + 120_000))).expiredLeases).toBe(1);

    // The /metrics queue gauge: one GROUP BY over kind and status.
    await store.enqueue({ clusterId, kind: "cluster.delete", payload: {} });
    const counts = await store.countByKindAndStatus();
    expect(counts.sort((a, b) => `${a.kind}${a.status}`.localeCompare(`${b.kind}${b.status}`))).toEqual([
      { kind: "cluster.create", status: "failed", count: 1 },
      { kind: "cluster.create", status: "pending", count: 2 },
      { kind: "cluster.create", status: "running", count: 1 },
      { kind: "cluster.delete", status: "pending", count: 1 },
    ]);
  });
});
