import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ApiException, CoreV1Api } from "@kubernetes/client-node";
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
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { startInProcessJobExecutor, type InProcessJobExecutor } from "@/server/services/jobs/start-in-process-job-executor";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ClusterRuntimeDeps } from "./cluster-runtime-deps";
import { CLUSTER_CREATE_JOB, createCluster } from "./create-cluster";
import { CLUSTER_DELETE_JOB, deleteCluster } from "./delete-cluster";
import { createClusterJobHandler } from "./run-create-cluster-job";
import { deleteClusterJobHandler } from "./run-delete-cluster-job";
import { updateClusterJobHandler } from "./run-update-cluster-job";
import { CLUSTER_UPDATE_JOB, updateCluster } from "./update-cluster";

/**
 * Update and delete of a cluster on real parts (plan §5.4, §5.6): the use
 * cases write the rows, the in-process executor runs the jobs with the real
 * helm binary against a real kube-apiserver with kube-controller-manager
 * (namespace deletion), and the test plays the vCluster apiserver.
 */
const standInChart = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../e2e/fixtures/charts/vcluster-stand-in");
const log = createLogger({ level: "error" });
const origin = { ip: null, userAgent: null };

let kube: KubeCluster;
let testDb: TestDatabase;
let db: Db;
let deps: ServiceDeps;
let executor: InProcessJobExecutor;
let helmHome: string;
const virtualClusters = new Map<string, VirtualCluster>();

const viewer = { id: "usr_updater", email: "updater@example.test", name: "Updater", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_u" } };

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const readCluster = (id: string) => db.cluster.findUniqueOrThrow({ where: { id } });
const latestOperation = (id: string, kind: string) => db.clusterOperation.findFirstOrThrow({ where: { clusterId: id, kind }, orderBy: { createdAt: "desc" } });
const stepSummary = (steps: unknown) => (steps as OperationStep[]).map((s) => `${s.name}:${s.status}`);

async function statusCode(call: () => Promise<unknown>): Promise<number | "ok"> {
  try {
    await call();
    return "ok";
  } catch (error) {
    if (error instanceof ApiException) return error.code;
    throw error;
  }
}

beforeAll(async () => {
  kube = await startKubeCluster({ controllerManager: true });
  testDb = await createTestDatabase("update_delete_cluster_jobs");
  db = createPrismaClient(testDb.url);
  helmHome = await mkdtemp(path.join(os.tmpdir(), "kubebyon-helm-"));
  const wakeups = new InProcessJobWakeups(log);
  deps = { db, log, hasher: argon2PasswordHasher, now: () => new Date(), sessionTtlHours: 1, jobs: new PrismaJobStore(db), wakeups };
  await db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });

  const core = kube.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core.createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });

  const kubeConfig = loadHostKubeConfig({ kubeconfigPath: kube.kubeconfigPath });
  const runtime: ClusterRuntimeDeps = {
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
    nodeReader: new KubeNodeReader(),
    nodeOperator: new KubeNodeOperator(),
    kubectl: { runner: new KubectlCliRunner({ kubectlBin: kube.tools.kubectl }), timeoutMs: 20_000, maxOutputBytes: 1_048_576 },
    loadBaseValues: async () => ({}),
    controlPlaneTimeoutMs: 30_000,
    namespaceDeletionTimeoutMs: 60_000,
    // Nothing listens on the NodePort/LB address here: the platform talks to the stand-in vCluster apiserver directly.
    resolveOptions: (cluster) => ({ platformServerOverride: virtualClusters.get(cluster.id)?.server }),
  };
  executor = await startInProcessJobExecutor({
    store: deps.jobs,
    registry: new JobHandlerRegistry({
      [CLUSTER_CREATE_JOB]: createClusterJobHandler(runtime),
      [CLUSTER_UPDATE_JOB]: updateClusterJobHandler(runtime),
      [CLUSTER_DELETE_JOB]: deleteClusterJobHandler(runtime),
    }),
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

async function readyCluster(name: string): Promise<string> {
  const created = await createCluster(deps, viewer, { name, controlPlaneHost: "203.0.113.10" }, origin);
  const row = await readCluster(created.id);
  virtualClusters.set(created.id, await kube.startVirtualCluster({ name: row.vclusterName, namespace: row.namespace }));
  await waitFor("cluster to be ready", () => readCluster(created.id), (c) => c.status === "ready" || c.status === "error");
  expect((await readCluster(created.id)).status).toBe("ready");
  return created.id;
}

describe("cluster.update and cluster.delete jobs", () => {
  it("switches nodeport -> loadbalancer -> off, then deletes release, namespace and row state", async () => {
    const id = await readyCluster("switcher");
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);
    const before = await readCluster(id);
    expect(before.publicAccessPort).toBeGreaterThan(0);
    expect(before.apiEndpoint).toBe(`https://203.0.113.10:${before.publicAccessPort}`);

    // nodeport -> loadbalancer with a stable host
    const requested = await updateCluster(deps, viewer, id, { publicAccessMode: "loadbalancer", controlPlaneHost: "k8s.example.com" }, origin);
    expect(requested).toMatchObject({ status: "updating", public_access_mode: "loadbalancer", public_access_port: null, api_endpoint: null });
    const lb = await waitFor("update to loadbalancer", () => readCluster(id), (c) => c.status !== "updating");
    expect(lb).toMatchObject({ status: "ready", lastError: null, publicAccessPort: null, apiEndpoint: "https://k8s.example.com:443", kubeconfigAvailable: true, connectionStatus: "connected" });
    const lbService = await core.readNamespacedService({ name: lb.vclusterName, namespace: lb.namespace });
    expect(lbService.spec?.type).toBe("LoadBalancer");
    const rendered = await core.readNamespacedConfigMap({ name: `${lb.vclusterName}-rendered-values`, namespace: lb.namespace });
    expect(JSON.parse(rendered.data?.extraSANs ?? "[]")).toContain("k8s.example.com");
    const lbOp = await latestOperation(id, "update");
    expect(lbOp.status).toBe("succeeded");
    expect(stepSummary(lbOp.steps)).toEqual([
      "apply_quota:skipped",
      "helm_upgrade:succeeded",
      "wait_control_plane:succeeded",
      "resolve_endpoint:succeeded",
      "probe_connection:succeeded",
    ]);

    // loadbalancer -> off: ClusterIP, no public endpoint, no kubeconfig for users
    await updateCluster(deps, viewer, id, { publicAccessMode: "off" }, origin);
    const off = await waitFor("update to off", () => readCluster(id), (c) => c.status !== "updating");
    expect(off).toMatchObject({ status: "ready", publicAccessEnabled: false, apiEndpoint: null, publicAccessPort: null, kubeconfigAvailable: false, connectionStatus: "disabled" });
    expect(off.publicAccessMode).toBe("loadbalancer"); // kept, so switching back on restores it
    expect((await core.readNamespacedService({ name: off.vclusterName, namespace: off.namespace })).spec?.type).toBe("ClusterIP");
    expect(await db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_UPDATE_JOB, status: "succeeded" } })).toBe(2);

    // A rename alone is a row change: no job, status stays ready.
    const renamed = await updateCluster(deps, viewer, id, { name: "Switcher 2" }, origin);
    expect(renamed).toMatchObject({ name: "Switcher 2", status: "ready" });
    expect(await db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_UPDATE_JOB } })).toBe(2);

    // delete
    const deleting = await deleteCluster(deps, viewer, id, origin);
    expect(deleting.status).toBe("deleting");
    const again = await deleteCluster(deps, viewer, id, origin);
    expect(again.status).toBe("deleting");
    expect(await db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_DELETE_JOB } })).toBe(1);
    const deleted = await waitFor("deletion", () => readCluster(id), (c) => c.status !== "deleting");
    expect(deleted).toMatchObject({ status: "deleted", apiEndpoint: null, kubeconfigAvailable: false, connectionStatus: "disabled", lastError: null });
    expect(deleted.deletedAt).toBeInstanceOf(Date);
    expect(await statusCode(() => core.readNamespacedService({ name: deleted.vclusterName, namespace: deleted.namespace }))).toBe(404);
    expect(await statusCode(() => core.readNamespace({ name: deleted.namespace }))).toBe(404);
    await expect(kube.helm(["status", deleted.vclusterName, "-n", deleted.namespace])).rejects.toThrow();
    const delOp = await latestOperation(id, "delete");
    expect(delOp.status).toBe("succeeded");
    expect(stepSummary(delOp.steps)).toEqual(["helm_uninstall:succeeded", "delete_namespace:succeeded", "mark_deleted:succeeded"]);

    // A second DELETE of a deleted cluster returns it and starts nothing.
    const repeat = await deleteCluster(deps, viewer, id, origin);
    expect(repeat).toMatchObject({ status: "deleted", deleted_at: deleted.deletedAt!.toISOString() });
    expect(await db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_DELETE_JOB } })).toBe(1);
    await expect(updateCluster(deps, viewer, id, { name: "nope" }, origin)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
