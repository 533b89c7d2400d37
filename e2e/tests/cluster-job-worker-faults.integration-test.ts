import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hostClusterSettings, seedPlatformApiKeySecret } from "@e2e/env/host-platform";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { playVclusterOnNodePort, type NodePortVcluster } from "@e2e/env/node-port-vcluster";
import { CREATE_CONVERGED_WITHOUT_PLAN, stepOutcomes, storedSteps } from "@e2e/env/operation-step-outcomes";
import { createTestQueues, type TestQueues } from "@e2e/env/rabbitmq";
import { startTcpForwarder, type TcpForwarder } from "@e2e/env/tcp-forwarder";
import { waitFor } from "@e2e/env/wait-for";
import { spawnWorker, type WorkerProcess } from "@e2e/env/worker-process";
import type { ClusterJobStatus } from "@/server/domain/jobs/cluster-job";
import type { ClusterView } from "@/server/services/clusters/cluster-view";

/**
 * Multi-node mode under faults, with real worker processes (worker/main.ts as
 * `npm run worker` starts it), the in-process web API publishing to RabbitMQ,
 * a real host apiserver and helm. RabbitMQ is reached through a TCP forwarder
 * the test can cut, so the shared broker itself keeps running.
 *
 * - a worker SIGKILLed mid-job: its lease expires and another worker runs the
 *   job to the end, exactly once;
 * - RabbitMQ unreachable: the API still accepts the create (the row is the
 *   source of truth), the worker runs the job by polling, then reconnects.
 */
const LEASE_SECONDS = 5;
const POLL_MS = 300;

let kube: KubeCluster;
let queues: TestQueues;
let queue: string;
let mqPath: TcpForwarder | undefined;
let mqTarget: string;
let mqUrl: string;
let api: InProcessApi;
let alice: { id: string; cookie: string };
const workers: WorkerProcess[] = [];
const vclusters: NodePortVcluster[] = [];

beforeAll(async () => {
  [kube, queues] = await Promise.all([startKubeCluster(), createTestQueues("job_faults")]);
  await seedPlatformApiKeySecret(kube);
  queue = queues.name("jobs");
  const broker = new URL(queues.url);
  mqTarget = `${broker.hostname}:${broker.port || 5672}`;
  mqPath = await startTcpForwarder({ target: mqTarget });
  broker.port = String(mqPath.port);
  mqUrl = broker.toString();
  api = await startInProcessApi("cluster_job_faults", { ...hostClusterSettings(kube), KUBEBYON_RABBITMQ_URL: mqUrl, KUBEBYON_RABBITMQ_QUEUE: queue });
  alice = await api.createUser("alice@example.test", "alice-password-123");
});

afterAll(async () => {
  await Promise.allSettled(workers.map((w) => w.kill()));
  for (const vc of vclusters) await vc.close().catch(() => undefined);
  await api?.close();
  await mqPath?.close();
  await Promise.allSettled([queues?.cleanup(), kube?.stop()]);
});

// Each test starts its own workers; none may linger into the next one (it would compete for jobs).
afterEach(() => Promise.allSettled(workers.map((w) => w.kill())));

function startWorker(id: string): WorkerProcess {
  const worker = spawnWorker({
    DATABASE_URL: api.db.url,
    ...hostClusterSettings(kube),
    KUBEBYON_RABBITMQ_URL: mqUrl,
    KUBEBYON_RABBITMQ_QUEUE: queue,
    KUBEBYON_WORKER_ID: id,
    KUBEBYON_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    KUBEBYON_JOB_POLL_INTERVAL_MS: String(POLL_MS),
    KUBEBYON_LOG_LEVEL: "info",
  });
  workers.push(worker);
  return worker;
}

async function createCluster(name: string): Promise<ClusterView> {
  const res = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name, control_plane_host: "127.0.0.1", public_access_mode: "nodeport" } });
  expect(res.status).toBe(200);
  return (await res.json()) as ClusterView;
}

const db = () => api.runtime.deps.db;
const createJob = (clusterId: string) => db().clusterJob.findFirstOrThrow({ where: { clusterId, kind: "cluster.create" } });
const stepsOf = async (clusterId: string) =>
  storedSteps((await db().clusterOperation.findFirstOrThrow({ where: { clusterId, kind: "create" } })).steps);

async function playVcluster(cluster: ClusterView): Promise<NodePortVcluster> {
  const vc = await playVclusterOnNodePort({ kube, vclusterName: cluster.vcluster_name, namespace: cluster.namespace });
  vclusters.push(vc);
  return vc;
}

async function expectReadyAndConverged(cluster: ClusterView, vc: NodePortVcluster): Promise<void> {
  // The row turns ready a moment before the operation is closed: wait for the job itself to finish.
  await waitFor("the create job to finish", () => createJob(cluster.id), (j) => j.status !== "running" && j.status !== "pending");
  const row = await db().cluster.findUniqueOrThrow({ where: { id: cluster.id } });
  expect(row).toMatchObject({ status: "ready", lastError: null, connectionStatus: "connected", apiEndpoint: `https://127.0.0.1:${vc.nodePort}`, kubeconfigAvailable: true });
  const op = await db().clusterOperation.findFirstOrThrow({ where: { clusterId: cluster.id, kind: "create" } });
  expect(op).toMatchObject({ status: "succeeded", error: null });
  expect(stepOutcomes(storedSteps(op.steps))).toEqual(CREATE_CONVERGED_WITHOUT_PLAN);
}

describe("cluster jobs under worker and broker faults", () => {
  it("a worker killed mid-job: its lease expires and a second worker completes the job exactly once", async () => {
    const first = startWorker("worker-1");
    await first.waitForLog("worker ready");
    const cluster = await createCluster("crash-victim");

    // No vCluster yet: the job installs the release and then waits for the control plane.
    await waitFor("worker-1 to wait for the control plane", () => stepsOf(cluster.id), (steps) =>
      steps.some((s) => s.name === "wait_control_plane" && s.status === "running"),
    );
    const held = await createJob(cluster.id);
    expect(held).toMatchObject({ status: "running" satisfies ClusterJobStatus, leaseOwner: "worker-1", attempts: 1 });
    expect(held.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    // The lease is alive: the worker's heartbeat pushes its expiry forward.
    await waitFor("worker-1 to renew its lease", () => createJob(cluster.id), (j) => j.leaseExpiresAt!.getTime() > held.leaseExpiresAt!.getTime(), 15_000);

    await first.kill();
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    const orphaned = await createJob(cluster.id);
    // Nobody released it: the row still names the dead worker until its lease runs out.
    expect(orphaned).toMatchObject({ status: "running", leaseOwner: "worker-1", attempts: 1 });

    const second = startWorker("worker-2");
    const taken = await waitFor("worker-2 to take the job over", () => createJob(cluster.id), (j) => j.leaseOwner === "worker-2", 60_000);
    expect(taken).toMatchObject({ status: "running", attempts: 2 });
    // Not before the dead worker's lease ran out (both times come from the database clock).
    expect(taken.startedAt!.getTime()).toBeGreaterThanOrEqual(orphaned.leaseExpiresAt!.getTime());

    const vc = await playVcluster(cluster);
    await expectReadyAndConverged(cluster, vc);
    const done = await createJob(cluster.id);
    expect(done).toMatchObject({ status: "succeeded" satisfies ClusterJobStatus, leaseOwner: "worker-2", attempts: 2 });
    expect(done.finishedAt).not.toBeNull();

    await second.waitForLog("job succeeded", 10_000, { fields: { jobId: done.id } });
    expect(first.logged("job leased", { jobId: done.id }).map((l) => l.attempt)).toEqual([1]);
    expect(first.logged("job succeeded", { jobId: done.id })).toEqual([]);
    expect(second.logged("job leased", { jobId: done.id }).map((l) => l.attempt)).toEqual([2]);
    // The takeover is named, and counted in kubebyon_job_lease_expiries_total (docs/jobs.md "Observing the queue").
    expect(second.logged("took over a job whose lease had expired", { jobId: done.id, previousOwner: "worker-1" })).toHaveLength(1);
    expect(second.logged("job succeeded", { jobId: done.id })).toHaveLength(1);

    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it("RabbitMQ unreachable: the API still creates, the worker runs the job by polling and reconnects later", async () => {
    const worker = startWorker("worker-3");
    await worker.waitForLog("consuming job wake-ups");
    await waitFor("the worker's consumer at the broker", () => queues.consumerCount(queue), (n) => n === 1, 15_000);

    // Cut the network path to the broker for the API and the worker alike.
    const port = mqPath!.port;
    await mqPath!.close();
    mqPath = undefined;
    await worker.waitForLog("lost the RabbitMQ connection; reconnecting", 15_000);
    await waitFor("the broker to drop the worker's consumer", () => queues.consumerCount(queue), (n) => n === 0, 15_000);

    // The web process's JSON log lines, read from its stdout (restoring the spy forgets its calls, so copy them first).
    const stdout = vi.spyOn(process.stdout, "write");
    let cluster: ClusterView;
    let written: string[];
    try {
      cluster = await createCluster("mq-outage");
    } finally {
      written = stdout.mock.calls.map(([chunk]) => String(chunk));
      stdout.mockRestore();
    }
    expect(cluster.status).toBe("provisioning");
    const job = await createJob(cluster.id);
    const apiLog = written.filter((line) => line.includes(job.id));
    expect(apiLog.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain("could not publish job wake-up; a runner will find the job on its next poll");

    const leased = await worker.waitForLog("job leased", 30_000, { fields: { jobId: job.id } });
    expect(leased).toMatchObject({ source: "poll", attempt: 1 });

    // The broker comes back on the same address while the job runs.
    mqPath = await startTcpForwarder({ port, target: mqTarget });
    const vc = await playVcluster(cluster);
    await expectReadyAndConverged(cluster, vc);
    expect(await createJob(cluster.id)).toMatchObject({ status: "succeeded" satisfies ClusterJobStatus, leaseOwner: "worker-3", attempts: 1 });

    await worker.waitForLog("consuming job wake-ups", 60_000, { count: 2 });
    await waitFor("the worker's consumer to be back at the broker", () => queues.consumerCount(queue), (n) => n === 1, 15_000);
    expect(worker.child.exitCode).toBeNull();
  });
});
