import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppsV1Api, NetworkingV1Api, type V1Deployment } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestTask } from "@e2e/env/background-task";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { playPodKubelet, type PodKubelet } from "@e2e/env/pod-kubelet-stand-in";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { INGRESS_NGINX_STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { waitFor } from "@e2e/env/wait-for";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { CLUSTER_MANAGED_INGRESS_JOB } from "@/server/domain/jobs/job-kind";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { HelmManagedIngressReconciler } from "@/server/infra/kube/helm-managed-ingress-reconciler";
import { KubeManagedIngressInspector } from "@/server/infra/kube/managed-ingress-inspector";
import { vclusterCredentials } from "@/server/infra/kube/node-kubelet.test-fixtures";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { createLogger } from "@/server/observability/logger";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { checkManagedIngress, type ManagedIngressCheckDeps, type ManagedIngressCheckResult } from "./check-managed-ingress";
import { managedIngressCheckTask } from "./managed-ingress-check.task";

/**
 * The re-check against a stand-in vCluster (a real kube-apiserver with kube-controller-manager; the test plays the
 * kubelet) into which the managed ingress was installed as the job installs it (the helm adapter, the stand-in
 * ingress-nginx chart), reached through the platform's own route (Secret vc-<name>, the Service's ClusterIP). A
 * tenant deletes and restores objects inside it; each pass must follow, and leave alone what it cannot read.
 */
const NS = "kubebyon-system";
const DEPLOYMENT = "kubebyon-managed-ingress-controller";
const log = createLogger({ level: "error" });
let kube: KubeCluster;
let database: TestDatabase;
let db: Db;
let other: Db;
let ready: ReadyCluster;
let kubelet: PodKubelet | undefined;
let helmHome: string;
let credentials: ClusterCredentials;
let reconciler: HelmManagedIngressReconciler;
let unreachableId: string;

const depsOf = (client: Db, autoRepair = false): ManagedIngressCheckDeps => ({
  db: client,
  log,
  now: () => new Date(),
  resolver: new VclusterKubeconfigResolver({ kubeConfig: kube.kubeConfig(), route: "cluster-ip" }),
  jobs: new PrismaJobStore(client),
  wakeups: new InProcessJobWakeups(log),
  inspector: new KubeManagedIngressInspector(),
  autoRepair,
});
const pass = (autoRepair = false, client = db) => checkManagedIngress(depsOf(client, autoRepair));
const row = (id = ready.clusterId) => db.cluster.findUniqueOrThrow({ where: { id } });
const apps = () => ready.vc.kubeConfig().makeApiClient(AppsV1Api);
const healthy = () => waitFor("the controller to be healthy", () => reconciler.status({ credentials }), (h) => h.ready, 60_000);

beforeAll(async () => {
  kube = await startKubeCluster();
  database = await createTestDatabase("managed_ingress_check");
  db = createPrismaClient(database.url);
  other = createPrismaClient(database.url);
  const { userId, clusterId } = await insertTestCluster(db);
  ready = await provisionReadyCluster({ kube, db, ownerId: userId, name: "ingress-check", controllerManager: true });
  kubelet = await playPodKubelet({ kubeConfig: ready.vc.kubeConfig(), node: "worker-1", namespace: NS });
  credentials = await vclusterCredentials(kube, ready.vc);
  helmHome = await mkdtemp(path.join(os.tmpdir(), "kubebyon-ingress-check-"));
  reconciler = new HelmManagedIngressReconciler({ helmBin: kube.tools.helm, helmHome, chart: { chart: INGRESS_NGINX_STAND_IN_CHART, repo: "https://charts.invalid", version: "0.0.0" }, helmTimeoutMs: 60_000 });
  await reconciler.ensure({ credentials });
  await healthy();
  const installed = { managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "ready", managedWorkloadIngressClass: "kubebyon" } as const;
  await db.cluster.update({ where: { id: ready.clusterId }, data: installed });
  // A ready cluster with a ready ingress whose vCluster is not there (no Secret vc-<name>): it cannot be read.
  unreachableId = clusterId;
  await db.cluster.update({ where: { id: unreachableId }, data: { status: "ready", ...installed } });
}, 300_000);

afterAll(async () => {
  await kubelet?.stop();
  await ready?.close();
  await Promise.all([db?.$disconnect(), other?.$disconnect()]);
  await database?.drop();
  await kube?.stop();
  if (helmHome) await rm(helmHome, { recursive: true, force: true });
});

describe("managed ingress re-check", () => {
  it("a healthy ingress stays ready with checked_at set; a cluster whose control plane cannot be reached is skipped, not flipped", async () => {
    const running = startTestTask(managedIngressCheckTask, depsOf(db), { intervalMs: 3_600_000 });
    try {
      await waitFor("the task's first pass", async () => running.passes.length, (n) => n > 0, 30_000);
    } finally {
      await running.stop();
    }
    const result = running.passes[0] as ManagedIngressCheckResult;
    expect(result).toMatchObject({ healthy: 1, broken: [], recovered: [], repairs: [], unreachable: [{ clusterId: unreachableId, error: expect.any(String) }] });
    expect(await row()).toMatchObject({ managedWorkloadIngressStatus: "ready", managedWorkloadIngressLastError: null, managedWorkloadIngressCheckedAt: expect.any(Date) });
    expect(await row(unreachableId)).toMatchObject({ managedWorkloadIngressStatus: "ready", managedWorkloadIngressCheckedAt: null });
  });

  let saved: V1Deployment;
  it("the controller Deployment is deleted inside the vCluster → the status leaves ready with the reason", async () => {
    saved = await apps().readNamespacedDeployment({ name: DEPLOYMENT, namespace: NS });
    const before = (await row()).managedWorkloadIngressCheckedAt!;
    await apps().deleteNamespacedDeployment({ name: DEPLOYMENT, namespace: NS });
    await waitFor("the Deployment to be gone", () => reconciler.status({ credentials }), (h) => !h.ready, 30_000);

    const result = await pass();
    expect(result.broken).toEqual([{ clusterId: ready.clusterId, problem: "deployment_missing" }]);
    const broken = await row();
    expect(broken).toMatchObject({
      status: "ready",
      managedWorkloadIngressStatus: "error",
      managedWorkloadIngressLastError: `The periodic check found that the ingress controller Deployment ${NS}/${DEPLOYMENT} is missing in the cluster (deleted?); press Retry to reinstall it.`,
    });
    expect(broken.managedWorkloadIngressCheckedAt!.getTime()).toBeGreaterThan(before.getTime());
    // Still broken: the same finding is not reported again, only checked_at moves.
    const again = await pass();
    expect(again.broken).toEqual([]);
    expect((await row()).managedWorkloadIngressCheckedAt!.getTime()).toBeGreaterThanOrEqual(broken.managedWorkloadIngressCheckedAt!.getTime());
    expect(await db.clusterJob.count({ where: { clusterId: ready.clusterId } })).toBe(0);
  });

  it("restored by the tenant → back to ready at the next pass (level-triggered)", async () => {
    const { name, namespace, labels, annotations } = saved.metadata!;
    await apps().createNamespacedDeployment({ namespace: NS, body: { metadata: { name, namespace, labels, annotations }, spec: saved.spec } });
    await healthy();
    expect((await pass()).recovered).toEqual([ready.clusterId]);
    expect(await row()).toMatchObject({ managedWorkloadIngressStatus: "ready", managedWorkloadIngressLastError: null, managedWorkloadIngressClass: "kubebyon" });
  });

  it("leaves alone an error a reconcile wrote, and a row a job changed since the pass read it", async () => {
    await db.cluster.update({ where: { id: ready.clusterId }, data: { managedWorkloadIngressStatus: "error", managedWorkloadIngressLastError: "Error: UPGRADE FAILED: timed out" } });
    expect(await pass()).toMatchObject({ healthy: 0, recovered: [] });
    expect(await row()).toMatchObject({ managedWorkloadIngressStatus: "error", managedWorkloadIngressLastError: "Error: UPGRADE FAILED: timed out" });
    await db.cluster.update({ where: { id: ready.clusterId }, data: { managedWorkloadIngressStatus: "ready", managedWorkloadIngressLastError: null } });
  });

  it("with auto-repair a broken ingress gets the managed-ingress job once, however many passes run at once", async () => {
    const networking = ready.vc.kubeConfig().makeApiClient(NetworkingV1Api);
    await networking.deleteIngressClass({ name: "kubebyon" });
    const results = await Promise.all([pass(true, db), pass(true, other), pass(true, db)]);
    expect(results.flatMap((r) => r.repairs)).toEqual([{ clusterId: ready.clusterId, jobId: expect.any(String) }]);
    expect(await row()).toMatchObject({ managedWorkloadIngressStatus: "provisioning", managedWorkloadIngressLastError: null });
    const jobs = await db.clusterJob.findMany({ where: { clusterId: ready.clusterId } });
    expect(jobs).toMatchObject([{ kind: CLUSTER_MANAGED_INGRESS_JOB, status: "pending" }]);
    expect(await db.clusterOperation.findUniqueOrThrow({ where: { id: jobs[0]!.operationId! } })).toMatchObject({ kind: "managed_ingress", status: "pending", requestedById: null });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "cluster.managed_ingress_repair", targetId: ready.clusterId } });
    expect(audit).toMatchObject({ actorUserId: null, metadata: { problem: "ingress_class_missing", reason: expect.stringContaining("the IngressClass kubebyon is missing") } });
    // While the job waits, the ingress is not `ready`: later passes start nothing more.
    expect((await pass(true)).repairs).toEqual([]);
    expect(await db.clusterJob.count({ where: { clusterId: ready.clusterId } })).toBe(1);
  });
});
