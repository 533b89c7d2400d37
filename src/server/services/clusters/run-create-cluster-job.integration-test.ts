import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import type { OperationStep } from "@/server/domain/clusters/operation-steps";
import { argon2PasswordHasher } from "@/server/infra/crypto/argon2-password-hasher";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { HelmCli } from "@/server/infra/kube/helm-cli";
import { HelmControlPlaneProvisioner } from "@/server/infra/kube/helm-control-plane-provisioner";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { KubectlCliRunner } from "@/server/infra/kube/kubectl-cli-runner";
import { KubeNodeOperator } from "@/server/infra/kube/node-operator";
import { KubeNodeReader } from "@/server/infra/kube/node-reader";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { createLogger } from "@/server/observability/logger";
import { JobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { startInProcessJobExecutor, type InProcessJobExecutor } from "@/server/services/jobs/start-in-process-job-executor";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import type { ServiceDeps } from "@/server/services/service-deps";
import { CLUSTER_CREATE_JOB, createCluster } from "./create-cluster";
import { createClusterJobHandler } from "./run-create-cluster-job";

/**
 * The create chain of spec §5.2 end to end on real parts: the use case writes
 * the rows, the in-process executor leases the job, the handler provisions
 * with the real helm binary against a real kube-apiserver (the stand-in chart
 * uses the vcluster chart's value paths), the test environment plays the
 * vCluster (an apiserver exporting Secret vc-<name>), and the cluster turns
 * ready only after a real /version probe.
 */
const standInChart = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../e2e/fixtures/charts/vcluster-stand-in");
const log = createLogger({ level: "error" });

let kube: KubeCluster;
let testDb: TestDatabase;
let db: Db;
let deps: ServiceDeps;
let executor: InProcessJobExecutor;
let helmHome: string;
const virtualClusters = new Map<string, VirtualCluster>();

const viewer = { id: "usr_creator", email: "creator@example.test", name: "Creator", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_x" } };

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  kube = await startKubeCluster({ controllerManager: true });
  testDb = await createTestDatabase("create_cluster_job");
  db = createPrismaClient(testDb.url);
  helmHome = await mkdtemp(path.join(os.tmpdir(), "kubebyon-helm-"));
  const wakeups = new InProcessJobWakeups(log);
  deps = { db, log, hasher: argon2PasswordHasher, now: () => new Date(), sessionTtlHours: 1, jobs: new PrismaJobStore(db), wakeups };
  await db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });

  const kubeConfig = loadHostKubeConfig({ kubeconfigPath: kube.kubeconfigPath });
  const handler = createClusterJobHandler({
    db,
    log,
    now: () => new Date(),
    provisioner: new HelmControlPlaneProvisioner({
      kubeConfig,
      helm: new HelmCli({ bin: kube.tools.helm, kubeconfigPath: kube.kubeconfigPath, helmHome, timeoutMs: 60_000 }),
      chart: { chart: standInChart, repo: "https://charts.invalid", version: "0.0.0" },
      platformSecret: { name: "vcluster-platform-api-key", sourceNamespace: "kubebyon-system" },
      pollIntervalMs: 100,
    }),
    resolver: new VclusterKubeconfigResolver({ kubeConfig }),
    // Not used by the create job; spread so the literal also fits a narrower deps type.
    ...{
      nodeReader: new KubeNodeReader(),
      nodeOperator: new KubeNodeOperator(),
      kubectl: { runner: new KubectlCliRunner({ kubectlBin: kube.tools.kubectl }), timeoutMs: 20_000, maxOutputBytes: 1_048_576 },
    },
    loadBaseValues: async () => ({ controlPlane: { proxy: { extraSANs: ["198.51.100.1"] } } }),
    controlPlaneTimeoutMs: 30_000,
    namespaceDeletionTimeoutMs: 30_000,
    // Nothing listens on the NodePort here: the platform talks to the stand-in vCluster apiserver directly.
    resolveOptions: (cluster) => ({ platformServerOverride: virtualClusters.get(cluster.id)?.server }),
  });
  executor = await startInProcessJobExecutor({
    store: deps.jobs,
    registry: new JobHandlerRegistry({ [CLUSTER_CREATE_JOB]: handler }),
    owner: "test-runner",
    leaseMs: 30_000,
    pollIntervalMs: 500,
    wakeups,
    logger: log,
  });
});

afterAll(async () => {
  await executor?.stop();
  await db?.$disconnect();
  await testDb?.drop();
  await kube?.stop();
  if (helmHome) await rm(helmHome, { recursive: true, force: true });
});

/** The test plays vCluster coming up: its apiserver exports Secret vc-<name> into the namespace. */
async function playVcluster(clusterId: string): Promise<void> {
  const row = await db.cluster.findUniqueOrThrow({ where: { id: clusterId } });
  virtualClusters.set(clusterId, await kube.startVirtualCluster({ name: row.vclusterName, namespace: row.namespace }));
}

describe("cluster.create job", () => {
  it("fails with a clear step error while the platform secret is missing, then converges once it exists", async () => {
    const created = await createCluster(deps, viewer, { name: "Demo", controlPlaneHost: "203.0.113.10" }, { ip: null, userAgent: null });
    const failedStep = await waitFor(
      "copy_platform_secret to fail",
      async () => {
        const op = await db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } });
        return (op.steps as unknown as OperationStep[]).find((s) => s.name === "copy_platform_secret");
      },
      (s) => s?.status === "failed",
    );
    expect(failedStep?.message).toMatch(/vcluster-platform-api-key/);
    expect(failedStep?.message).toMatch(/kubebyon-system/);
    const afterFailure = await db.cluster.findUniqueOrThrow({ where: { id: created.id } });
    expect(afterFailure.status).toBe("provisioning"); // retries remain
    expect(afterFailure.lastError).toMatch(/vcluster-platform-api-key/);

    // The operator fixes the cause; the job's next attempt (after backoff) goes all the way.
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
    await core.createNamespacedSecret({
      namespace: "kubebyon-system",
      body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { host: "https://loft.example", accessKey: "k", insecure: "true" } },
    });
    await playVcluster(created.id);
    await db.clusterJob.updateMany({ where: { clusterId: created.id }, data: { runAfter: new Date() } }); // skip the rest of the backoff

    const ready = await waitFor("cluster to be ready", () => db.cluster.findUniqueOrThrow({ where: { id: created.id } }), (c) => c.status === "ready");
    const service = await core.readNamespacedService({ name: ready.vclusterName, namespace: ready.namespace });
    const nodePort = service.spec?.ports?.[0]?.nodePort;
    expect(service.spec?.type).toBe("NodePort");
    expect(ready).toMatchObject({
      lastError: null,
      connectionStatus: "connected",
      kubeconfigAvailable: true,
      publicAccessPort: nodePort,
      apiEndpoint: `https://203.0.113.10:${nodePort}`,
    });

    const op = await db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } });
    expect(op.status).toBe("succeeded");
    expect(op.error).toBeNull();
    const steps = op.steps as unknown as OperationStep[];
    expect(steps.map((s) => `${s.name}:${s.status}`)).toEqual([
      "ensure_namespace:succeeded",
      "apply_quota:skipped",
      "copy_platform_secret:succeeded",
      "helm_install:succeeded",
      "wait_control_plane:succeeded",
      "resolve_endpoint:succeeded",
      "probe_connection:succeeded",
    ]);
    for (const s of steps) expect(Date.parse(s.finished_at!)).toBeGreaterThanOrEqual(Date.parse(s.started_at!));
    const job = await db.clusterJob.findFirstOrThrow({ where: { clusterId: created.id } });
    expect(job).toMatchObject({ status: "succeeded", attempts: 2 });

    const ns = await core.readNamespace({ name: ready.namespace });
    expect(ns.metadata?.labels).toMatchObject({ "kubebyon.io/cluster-id": created.id, "kubebyon.io/owner-id": viewer.id, "app.kubernetes.io/managed-by": "kubebyon" });
    const copied = await core.readNamespacedSecret({ name: "vcluster-platform-api-key", namespace: ready.namespace });
    expect(Buffer.from(copied.data?.accessKey ?? "", "base64").toString()).toBe("k");
    const rendered = await core.readNamespacedConfigMap({ name: `${ready.vclusterName}-rendered-values`, namespace: ready.namespace });
    expect(rendered.data?.privateNodesEnabled).toBe("true");
    expect(JSON.parse(rendered.data?.extraSANs ?? "[]")).toEqual(["198.51.100.1", "203.0.113.10"]);
  });

  it("installs a LoadBalancer control plane with control_plane_host in the certificate SANs when asked", async () => {
    const created = await createCluster(
      deps,
      viewer,
      { name: "edge", publicAccessMode: "loadbalancer", controlPlaneHost: "k8s.example.com" },
      { ip: null, userAgent: null },
    );
    await playVcluster(created.id);
    const done = await waitFor("resolve_endpoint to run", () => db.clusterOperation.findFirstOrThrow({ where: { clusterId: created.id } }), (op) =>
      (op.steps as unknown as OperationStep[]).some((s) => s.name === "resolve_endpoint" && s.status !== "pending" && s.status !== "running"),
    );
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);
    const row = await db.cluster.findUniqueOrThrow({ where: { id: created.id } });
    const service = await core.readNamespacedService({ name: row.vclusterName, namespace: row.namespace });
    expect(service.spec?.type).toBe("LoadBalancer");
    const rendered = await core.readNamespacedConfigMap({ name: `${row.vclusterName}-rendered-values`, namespace: row.namespace });
    expect(JSON.parse(rendered.data?.extraSANs ?? "[]")).toContain("k8s.example.com");
    expect((done.steps as unknown as OperationStep[]).find((s) => s.name === "helm_install")?.status).toBe("succeeded");
    // With control_plane_host set, the endpoint is that host on 443, whether or not the LB has an address yet.
    expect(row.apiEndpoint).toBe("https://k8s.example.com:443");
  });
});
