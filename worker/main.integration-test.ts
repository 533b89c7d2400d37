import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { createTestQueues, type TestQueues } from "@e2e/env/rabbitmq";
import { spawnWorker, type WorkerProcess } from "@e2e/env/worker-process";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { RabbitMqJobWakeups } from "@/server/infra/mq/rabbitmq-job-wakeups";

// The worker as operators run it: a separate process configured by env vars.

let database: TestDatabase;
let queues: TestQueues;
let db: Db;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  // No migrations: the worker must bring the schema up itself.
  [database, queues] = await Promise.all([createTestDatabase("worker-main", { migrate: false }), createTestQueues("worker")]);
});

afterAll(async () => {
  await worker?.kill();
  await db?.$disconnect();
  await Promise.allSettled([database?.drop(), queues?.cleanup()]);
});

describe("worker/main.ts", () => {
  it("applies migrations, consumes wake-ups, logs JSON lines and exits 0 on SIGTERM", async () => {
    const queue = queues.name("jobs");
    worker = spawnWorker({
      DATABASE_URL: database.url,
      KUBEBYON_RABBITMQ_URL: queues.url,
      KUBEBYON_RABBITMQ_QUEUE: queue,
      KUBEBYON_WORKER_ID: "worker-under-test",
      // A minute between polls: the job below can only start this fast through RabbitMQ.
      KUBEBYON_JOB_POLL_INTERVAL_MS: "60000",
      KUBEBYON_LOG_LEVEL: "info",
    });

    const ready = await worker.waitForLog("worker ready");
    expect(ready).toMatchObject({ service: "kubebyon-worker", workerId: "worker-under-test", mode: "rabbitmq+polling", queue });
    // The start-up lines of the deployment walkthrough (step 8), naming our implementations.
    const messages = worker.lines.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        "storage initialized, driver=postgres",
        "using vcluster backend",
        "control_plane_provisioner=helm-cli",
        "node_observer=client-node-watch",
        "token_issuer=client-node-bootstrap-token",
      ]),
    );
    expect(worker.lines.find((l) => l.msg === "using vcluster backend")).toMatchObject({
      chart: "vcluster",
      chart_version: "0.33.0",
      // spawnWorker passes only the settings above: no host cluster, which the worker says with the fix.
      host_cluster: "not configured",
      // auto outside the host cluster (no in-cluster service account here) is the ClusterIP route.
      vcluster_route: "cluster-ip",
      vcluster_route_setting: "auto",
    });
    expect(worker.lines.find((l) => l.msg === "token_issuer=client-node-bootstrap-token")).toMatchObject({ port: "token_issuer", implementation: "client-node-bootstrap-token" });
    expect(worker.lines.find((l) => l.msg === "no host cluster configured: clusters cannot be created")).toMatchObject({ level: "warn", fix: expect.stringMatching(/KUBEBYON_KUBECONFIG_PATH/) });
    await worker.waitForLog("consuming job wake-ups", 15_000);

    db = createPrismaClient(database.url);
    const migrations = await db.$queryRaw<{ name: string }[]>`SELECT name FROM _kubebyon_migrations`;
    expect(migrations.length).toBeGreaterThan(0);

    const { clusterId } = await insertTestCluster(db);
    const store = new PrismaJobStore(db);
    // A kind this worker has no handler for: the worker must fail it with an upgrade hint.
    const job = await store.enqueue({ clusterId, kind: "cluster.from-the-future", payload: {} });
    const publisher = new RabbitMqJobWakeups({ url: queues.url, queue });
    try {
      await publisher.publish(job.id);
    } finally {
      await publisher.close();
    }

    const deadline = Date.now() + 10_000;
    let seen = await store.get(job.id);
    while (seen?.status !== "failed" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await store.get(job.id);
    }
    expect(seen).toMatchObject({
      status: "failed",
      leaseOwner: "worker-under-test",
      lastError: "no handler is registered for job kind 'cluster.from-the-future' — upgrade the worker",
    });

    worker.child.kill("SIGTERM");
    const exit = await worker.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(worker.lines.map((l) => l.msg)).toEqual(expect.arrayContaining(["shutting down", "job runner stopped", "worker stopped"]));
    expect(worker.nonJson.join("")).toBe("");
    // Connection strings never reach the logs.
    expect(JSON.stringify(worker.lines)).not.toContain(database.url);
  });

  it("exits 1 with a readable message when DATABASE_URL is missing", async () => {
    const child = spawnWorker({});
    const exit = await child.exited;
    expect(exit.code).toBe(1);
    const failure = child.lines.find((l) => l.msg === "worker failed to start");
    expect(failure?.error).toMatch(/DATABASE_URL: required/);
  });
});
