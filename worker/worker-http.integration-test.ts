import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { startTcpForwarder, type TcpForwarder } from "@e2e/env/tcp-forwarder";
import { waitFor } from "@e2e/env/wait-for";
import { spawnWorker, type WorkerProcess } from "@e2e/env/worker-process";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";

// The worker's /healthz, /readyz and /metrics (worker/worker-http.ts) on the real worker process. Its
// PostgreSQL path goes through a TCP relay on loopback that the test cuts and restores: the machine's
// PostgreSQL, which other tests share, keeps running.

let database: TestDatabase;
let db: Db;
let path: TcpForwarder | undefined;
let worker: WorkerProcess | undefined;

interface Readiness {
  status: string;
  checks: Record<string, { status: string; error?: string }>;
}

beforeAll(async () => {
  database = await createTestDatabase("worker-http", { migrate: false });
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await worker?.kill();
  await path?.close();
  await db?.$disconnect();
  await database?.drop();
});

describe("the worker's HTTP listener", () => {
  it("answers /healthz, reports /readyz 503 naming the database while PostgreSQL is unreachable and 200 once it is back, and serves the queue metrics", async () => {
    const postgres = new URL(database.url);
    path = await startTcpForwarder({ target: postgres.host });
    const relayPort = path.port;
    const throughRelay = new URL(database.url);
    throughRelay.host = `127.0.0.1:${relayPort}`;

    worker = spawnWorker({ DATABASE_URL: throughRelay.toString(), KUBEBYON_WORKER_ID: "worker-http-under-test", KUBEBYON_JOB_POLL_INTERVAL_MS: "200", KUBEBYON_LOG_LEVEL: "info" });
    const listening = await worker.waitForLog("worker HTTP listening");
    await worker.waitForLog("worker ready");
    const base = `http://127.0.0.1:${String(listening.port)}`;
    const readyz = async () => {
      const res = await fetch(`${base}/readyz`);
      return { code: res.status, body: (await res.json()) as Readiness };
    };
    const metrics = async () => (await fetch(`${base}/metrics`)).text();

    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await readyz();
    expect(ready.code).toBe(200);
    expect(ready.body).toMatchObject({ status: "ok", checks: { database: { status: "ok" }, job_runner: { status: "ok" }, scheduler: { status: "ok" } } });
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);

    // A job nobody can run fails at once: the queue gauge and the runner's failure counter show it.
    const { clusterId } = await insertTestCluster(db);
    const job = await new PrismaJobStore(db).enqueue({ clusterId, kind: "cluster.from-the-future", payload: {} });
    await waitFor("the job to fail", () => db.clusterJob.findUnique({ where: { id: job.id } }), (j) => j?.status === "failed", 15_000);
    const text = await metrics();
    expect(text).toContain('kubebyon_jobs{kind="cluster.from-the-future",status="failed"} 1');
    expect(text).toContain('kubebyon_jobs{kind="cluster.from-the-future",status="pending"} 0');
    expect(text).toContain('kubebyon_job_failures_total{kind="cluster.from-the-future"} 1');
    expect(text).toContain('kubebyon_job_duration_seconds_count{kind="cluster.from-the-future",outcome="failed"} 1');
    expect(text).toMatch(/kubebyon_clusters\{connection_status="unknown"\} 1\n/);
    expect(text).toMatch(/kubebyon_clusters\{connection_status="unreachable"\} 0\n/);
    expect(text).toContain("# TYPE kubebyon_job_lease_expiries_total counter");

    // PostgreSQL unreachable: the relay stops listening and cuts the worker's open connections.
    await path.close();
    const down = await waitFor("/readyz to fail", readyz, (r) => r.code === 503, 30_000);
    expect(down.body.status).toBe("unavailable");
    expect(down.body.checks.database?.status).toBe("error");
    expect(down.body.checks.job_runner?.status).toBe("ok");
    expect(down.body.checks.scheduler?.status).toBe("ok");
    // Liveness is about the process, not its dependencies: restarting it would not bring PostgreSQL back.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // /metrics still answers; the database-backed gauges are simply empty for that scrape.
    const degraded = await fetch(`${base}/metrics`);
    expect(degraded.status).toBe(200);
    expect(await degraded.text()).toContain("kubebyon_process_cpu_seconds_total");

    // Back on the same address: the pool reconnects and the worker is ready again without a restart.
    path = await startTcpForwarder({ port: relayPort, target: postgres.host });
    const up = await waitFor("/readyz to recover", readyz, (r) => r.code === 200, 30_000);
    expect(up.body.checks.database?.status).toBe("ok");
    expect(worker.child.exitCode).toBeNull();

    // Shutting down: the worker stops and exits 0.
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(worker.nonJson.join("")).toBe("");
  });
});
