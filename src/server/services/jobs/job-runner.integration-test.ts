import { ApiException } from "@kubernetes/client-node";
import { Registry } from "prom-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createTestQueues, type TestQueues } from "@e2e/env/rabbitmq";
import { AppError } from "@/server/domain/errors";
import type { ClusterJob } from "@/server/domain/jobs/cluster-job";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { KubeApiError } from "@/server/infra/kube/kube-calls";
import { createJobMetrics } from "@/server/observability/job-metrics";
import { RabbitMqJobWakeups } from "@/server/infra/mq/rabbitmq-job-wakeups";
import { JobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { PermanentJobError, type JobHandler } from "@/server/services/jobs/job-handler";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { JobRunner, type JobRunnerOptions } from "@/server/services/jobs/job-runner";
import type { JobLeaseStore } from "@/server/services/jobs/job-store";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import { silentJobLogger } from "@/server/services/jobs/job-logger";

// The runner against real PostgreSQL and RabbitMQ: the guarantees the queue
// promises (exactly once, retries, takeover, wake-ups) as observed in the rows.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let queues: TestQueues;
let db: Db;
let store: PrismaJobStore;
let clusterId: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  [database, queues] = await Promise.all([createTestDatabase("job-runner"), createTestQueues("runner")]);
  db = createPrismaClient(database.url);
  store = new PrismaJobStore(db, { backoff: { baseMs: 150, factor: 2, maxMs: 5_000, jitter: 0 } });
  ({ clusterId } = await insertTestCluster(db));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await db.clusterJob.deleteMany({});
});

afterAll(async () => {
  await db?.$disconnect();
  await Promise.allSettled([database?.drop(), queues?.cleanup()]);
});

async function startRunner(options: Partial<JobRunnerOptions> & { handlers?: Record<string, JobHandler> }): Promise<JobRunner> {
  const { handlers, ...rest } = options;
  const runner = new JobRunner({
    store,
    registry: new JobHandlerRegistry(handlers ?? {}),
    owner: `runner-${Math.random().toString(36).slice(2, 8)}`,
    leaseMs: 10_000,
    pollIntervalMs: 50,
    logger: silentJobLogger,
    ...rest,
  });
  await runner.start();
  cleanups.push(() => runner.stop());
  return runner;
}

function rabbitWakeups(queue: string): RabbitMqJobWakeups {
  const wakeups = new RabbitMqJobWakeups({ url: queues.url, queue, prefetch: 2 });
  cleanups.push(() => wakeups.close());
  return wakeups;
}

async function waitForJob(id: string, predicate: (job: ClusterJob) => boolean, timeoutMs = 10_000): Promise<ClusterJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await store.get(id);
    if (job && predicate(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not reach the expected state in ${timeoutMs}ms: ${JSON.stringify(job)}`);
    await sleep(25);
  }
}

const enqueue = (kind = "cluster.create", maxAttempts?: number) => store.enqueue({ clusterId, kind, payload: { test: true }, maxAttempts });

describe("JobRunner", () => {
  it("records attempts by outcome, final failures and lease takeovers in the job metrics", async () => {
    const registry = new Registry();
    const crashed = await enqueue("cluster.update");
    // Leased and never renewed: its runner "died".
    expect((await store.leaseNext("runner-crashed", 100))?.id).toBe(crashed.id);
    const doomed = await enqueue("cluster.create", 2);
    await sleep(200);
    await startRunner({
      metrics: createJobMetrics(registry),
      handlers: {
        "cluster.update": async () => {},
        "cluster.create": async () => {
          throw new Error("apiserver timeout");
        },
      },
    });
    await waitForJob(crashed.id, (j) => j.status === "succeeded");
    await waitForJob(doomed.id, (j) => j.status === "dead");
    const text = await registry.metrics();
    expect(text).toContain('kubebyon_job_lease_expiries_total{kind="cluster.update"} 1');
    expect(text).toContain('kubebyon_job_duration_seconds_count{kind="cluster.update",outcome="succeeded"} 1');
    expect(text).toContain('kubebyon_job_duration_seconds_count{kind="cluster.create",outcome="retrying"} 1');
    expect(text).toContain('kubebyon_job_duration_seconds_count{kind="cluster.create",outcome="dead"} 1');
    // Only a job that ended for good is a failure; a retried attempt is not.
    expect(text).toContain('kubebyon_job_failures_total{kind="cluster.create"} 1');
    expect(text).not.toContain('kubebyon_job_failures_total{kind="cluster.update"}');
    expect(text).not.toContain('kubebyon_job_lease_expiries_total{kind="cluster.create"}');
  });

  it("runs each of 20 jobs exactly once with two competing runners", async () => {
    const runs = new Map<string, string[]>();
    const handler = (owner: string): JobHandler => async (job) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), owner]);
      await sleep(10);
    };
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await enqueue()).id);

    const [runnerA, runnerB] = [
      await startRunner({ owner: "runner-a", concurrency: 2, handlers: { "cluster.create": handler("runner-a") } }),
      await startRunner({ owner: "runner-b", concurrency: 2, handlers: { "cluster.create": handler("runner-b") } }),
    ];
    for (const id of ids) await waitForJob(id, (j) => j.status === "succeeded");
    await Promise.all([runnerA.stop(), runnerB.stop()]);

    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    for (const owners of runs.values()) expect(owners).toHaveLength(1);
    const jobs = await store.list({ limit: 50 });
    expect(jobs.every((j) => j.status === "succeeded" && j.attempts === 1)).toBe(true);
    // Who ran the job is recorded in the row the handler saw.
    for (const job of jobs) expect(runs.get(job.id)).toEqual([job.leaseOwner]);
  });

  it("retries a failing handler with growing backoff and marks it dead after max_attempts", async () => {
    const calls: number[] = [];
    const job = await enqueue("cluster.create", 3);
    await startRunner({
      pollIntervalMs: 20,
      handlers: {
        "cluster.create": async () => {
          calls.push(Date.now());
          throw new Error(`helm install failed (call ${calls.length})`);
        },
      },
    });
    const dead = await waitForJob(job.id, (j) => j.status === "dead");
    expect(dead).toMatchObject({ attempts: 3, lastError: "helm install failed (call 3)" });
    expect(calls).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = calls;
    // Backoff 150ms then 300ms (no jitter in this store).
    expect(second - first).toBeGreaterThanOrEqual(140);
    expect(third - second).toBeGreaterThanOrEqual(290);
    await sleep(400);
    expect(calls).toHaveLength(3);
  });

  it("fails a job of an unknown kind at once, asking for a worker upgrade", async () => {
    const job = await enqueue("cluster.resize");
    await startRunner({ handlers: { "cluster.create": async () => {} } });
    const failed = await waitForJob(job.id, (j) => j.status === "failed");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBe("no handler is registered for job kind 'cluster.resize' — upgrade the worker");
  });

  it("fails at once when the handler throws PermanentJobError", async () => {
    const job = await enqueue();
    await startRunner({
      handlers: {
        "cluster.create": async () => {
          throw new PermanentJobError("payload has no vcluster_name");
        },
      },
    });
    const failed = await waitForJob(job.id, (j) => j.status === "failed");
    expect(failed).toMatchObject({ attempts: 1, lastError: "payload has no vcluster_name" });
  });

  it("fails at the first attempt on configuration errors and apiserver refusals, and retries conflicts, rate limits and 5xx", async () => {
    // What client-node throws for an answer with that status, wrapped as every infra/kube adapter does.
    const apiFailure = (status: number, message: string) =>
      KubeApiError.from(new ApiException(status, "failed", JSON.stringify({ kind: "Status", code: status, message }), {}), "creating namespace demo");
    const failures: Record<string, unknown> = {
      forbidden: apiFailure(403, 'namespaces is forbidden: User "kubebyon" cannot create resource "namespaces"'),
      invalid: apiFailure(422, 'Namespace "Demo" is invalid'),
      configuration: new AppError("PRECONDITION_FAILED", "the platform Secret is missing: create it"),
      conflict: apiFailure(409, "the object has been modified"),
      rateLimited: apiFailure(429, "too many requests"),
      serverError: apiFailure(503, "etcd leader changed"),
    };
    const jobs = new Map<string, string>();
    for (const name of Object.keys(failures)) jobs.set((await enqueue("cluster.create", 2)).id, name);
    await startRunner({
      pollIntervalMs: 20,
      handlers: {
        "cluster.create": async (job) => {
          throw failures[jobs.get(job.id)!];
        },
      },
    });
    const outcome: Record<string, string> = {};
    for (const [id, name] of jobs) {
      const ended = await waitForJob(id, (j) => j.status === "failed" || j.status === "dead");
      outcome[name] = `${ended.status}@${ended.attempts}`;
      if (name === "forbidden") expect(ended.lastError).toBe('creating namespace demo failed: namespaces is forbidden: User "kubebyon" cannot create resource "namespaces" (HTTP 403)');
    }
    expect(outcome).toEqual({
      forbidden: "failed@1",
      invalid: "failed@1",
      configuration: "failed@1",
      conflict: "dead@2",
      rateLimited: "dead@2",
      serverError: "dead@2",
    });
  });

  it("marks dead a job whose runners keep dying, without running it again", async () => {
    const job = await enqueue("cluster.create", 2);
    // Two runners "die" holding the job: they lease it and never finish (their handler hangs and
    // their renewals are made to fail by moving the lease into the past).
    for (const owner of ["runner-dies-1", "runner-dies-2"]) {
      const leased = await store.leaseNext(owner, 10_000);
      expect(leased).toMatchObject({ id: job.id, attempts: owner.endsWith("1") ? 1 : 2 });
      await db.$executeRaw`UPDATE cluster_jobs SET lease_expires_at = now() - interval '1 second' WHERE id = ${job.id}`;
    }
    const ran: string[] = [];
    await startRunner({ owner: "runner-survivor", handlers: { "cluster.create": async (j) => void ran.push(j.id) } });
    const dead = await waitForJob(job.id, (j) => j.status === "dead");
    expect(dead).toMatchObject({ attempts: 2, leaseOwner: "runner-dies-2" });
    expect(dead.lastError).toContain("runner runner-dies-2 stopped renewing its lease");
    await sleep(200);
    expect(ran).toEqual([]);
  });

  it("leases the next job in the round trip that records a success, without waiting for a poll", async () => {
    const calls = { leaseNext: 0, completeAndLeaseNext: 0 };
    const counting: JobLeaseStore = {
      leaseNext: (...args) => ((calls.leaseNext += 1), store.leaseNext(...args)),
      completeAndLeaseNext: (...args) => ((calls.completeAndLeaseNext += 1), store.completeAndLeaseNext(...args)),
      leaseById: (...args) => store.leaseById(...args),
      renewLease: (...args) => store.renewLease(...args),
      complete: (...args) => store.complete(...args),
      fail: (...args) => store.fail(...args),
    };
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await enqueue()).id);
    const order: string[] = [];
    await startRunner({ store: counting, pollIntervalMs: 60_000, handlers: { "cluster.create": async (j) => void order.push(j.id) } });
    for (const id of ids) await waitForJob(id, (j) => j.status === "succeeded", 5_000);
    // One poll found the first job; every later job came with the previous one's success (the last
    // success found nothing more, and the freed slot may poll once more).
    expect(calls.completeAndLeaseNext).toBe(10);
    expect(calls.leaseNext).toBeGreaterThanOrEqual(1);
    expect(calls.leaseNext).toBeLessThanOrEqual(2);
    expect(order).toEqual(ids);
  });

  it("keeps renewing the lease so a job longer than the lease is not taken over", async () => {
    const runsBy: string[] = [];
    const slow = (owner: string): JobHandler => async () => {
      runsBy.push(owner);
      await sleep(1_000);
    };
    const job = await enqueue();
    await startRunner({ owner: "runner-slow", leaseMs: 300, handlers: { "cluster.create": slow("runner-slow") } });
    await waitForJob(job.id, (j) => j.status === "running");
    await startRunner({ owner: "runner-thief", leaseMs: 300, pollIntervalMs: 30, handlers: { "cluster.create": slow("runner-thief") } });
    const done = await waitForJob(job.id, (j) => j.status === "succeeded");
    expect(runsBy).toEqual(["runner-slow"]);
    expect(done).toMatchObject({ attempts: 1, leaseOwner: "runner-slow" });
  });

  it("aborts a handler whose lease was taken over and does not record its result", async () => {
    const job = await enqueue();
    let aborted: unknown;
    await startRunner({
      owner: "runner-stale",
      leaseMs: 10_000,
      handlers: {
        "cluster.create": async (_job, { signal }) => {
          await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
          aborted = signal.reason;
        },
      },
    });
    await waitForJob(job.id, (j) => j.status === "running");
    // Another runner took over (as after a long GC pause or a network partition).
    await db.$executeRaw`UPDATE cluster_jobs SET lease_owner = 'runner-other' WHERE id = ${job.id}`;
    // leaseMs 10s renews every ~3.3s; the next renewal finds the lease gone.
    for (let i = 0; i < 300 && aborted === undefined; i++) await sleep(25);
    expect(aborted).toBeInstanceOf(Error);
    expect((aborted as Error).name).toBe("LeaseLostError");
    await sleep(100);
    expect(await store.get(job.id)).toMatchObject({ status: "running", leaseOwner: "runner-other" });
  });

  it("picks a job up promptly on a RabbitMQ wake-up despite a long poll interval", async () => {
    const queue = queues.name("prompt");
    const ran: string[] = [];
    await startRunner({
      pollIntervalMs: 60_000,
      wakeups: rabbitWakeups(queue),
      handlers: { "cluster.create": async (job) => void ran.push(job.id) },
    });
    await sleep(300); // the first (empty) poll has happened; the next is a minute away
    const job = await enqueue();
    const started = Date.now();
    await publishJobWakeup(rabbitWakeups(queue), job.id, silentJobLogger);
    await waitForJob(job.id, (j) => j.status === "succeeded", 5_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(ran).toEqual([job.id]);
  });

  it("runs a job once however many duplicate wake-ups arrive, across runners", async () => {
    const queue = queues.name("duplicates");
    const ran: string[] = [];
    const handler: JobHandler = async (job) => {
      ran.push(job.id);
      await sleep(300);
    };
    await startRunner({ pollIntervalMs: 60_000, wakeups: rabbitWakeups(queue), handlers: { "cluster.create": handler } });
    await startRunner({ pollIntervalMs: 60_000, wakeups: rabbitWakeups(queue), handlers: { "cluster.create": handler } });
    await sleep(300);
    const job = await enqueue();
    const publisher = rabbitWakeups(queue);
    await Promise.all([publisher.publish(job.id), publisher.publish(job.id), publisher.publish(job.id)]);
    await waitForJob(job.id, (j) => j.status === "succeeded");
    await publisher.publish(job.id); // a late duplicate after completion
    await sleep(500);
    expect(ran).toEqual([job.id]);
    expect(await store.get(job.id)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(await queues.messageCount(queue)).toBe(0);
  });

  it("still runs a job whose wake-up was lost, by polling", async () => {
    const job = await enqueue();
    const ran: string[] = [];
    await startRunner({
      pollIntervalMs: 200,
      wakeups: rabbitWakeups(queues.name("lost")),
      handlers: { "cluster.create": async (j) => void ran.push(j.id) },
    });
    await waitForJob(job.id, (j) => j.status === "succeeded");
    expect(ran).toEqual([job.id]);
  });

  it("lets the running job finish on stop and leases nothing afterwards", async () => {
    const job = await enqueue();
    let finished = false;
    const runner = await startRunner({
      handlers: {
        "cluster.create": async () => {
          await sleep(400);
          finished = true;
        },
      },
    });
    await waitForJob(job.id, (j) => j.status === "running");
    await runner.stop();
    expect(finished).toBe(true);
    expect((await store.get(job.id))?.status).toBe("succeeded");

    const later = await enqueue();
    await sleep(300);
    expect((await store.get(later.id))?.status).toBe("pending");
  });

  it("aborts a job that outlives the shutdown grace period and returns it to the queue", async () => {
    const job = await enqueue();
    const runner = await startRunner({
      owner: "runner-leaving",
      shutdownGraceMs: 200,
      handlers: {
        "cluster.create": (_job, { signal }) =>
          new Promise<void>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
      },
    });
    await waitForJob(job.id, (j) => j.status === "running");
    const stopStarted = Date.now();
    await runner.stop();
    expect(Date.now() - stopStarted).toBeLessThan(2_000);
    const after = await store.get(job.id);
    expect(after).toMatchObject({ status: "pending", attempts: 1, leaseOwner: null });
    expect(after?.lastError).toBe("interrupted because worker runner-leaving shut down: worker runner-leaving is shutting down");
  });
});

describe("in-memory wake-ups (single-node mode)", () => {
  it("runs an enqueued job as soon as its id is published in memory", async () => {
    const ran: string[] = [];
    const wakeups = new InProcessJobWakeups(silentJobLogger);
    const runner = new JobRunner({
      store,
      registry: new JobHandlerRegistry({ "cluster.create": async (job) => void ran.push(job.id) }),
      wakeups,
      owner: "web-1",
      leaseMs: 10_000,
      pollIntervalMs: 60_000,
    });
    await runner.start();
    cleanups.push(async () => {
      await runner.stop();
      await wakeups.close();
    });
    await sleep(200);
    const job = await enqueue();
    const started = Date.now();
    await publishJobWakeup(wakeups, job.id, silentJobLogger);
    await waitForJob(job.id, (j) => j.status === "succeeded", 5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(ran).toEqual([job.id]);
  });
});
