import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import type { VirtualCluster } from "@e2e/env/kube-cluster";
import { stepOutcomes, storedSteps } from "@e2e/env/operation-step-outcomes";
import { playPodKubelet, type PodKubelet } from "@e2e/env/pod-kubelet-stand-in";
import { INGRESS_NGINX_STAND_IN_CHART } from "@e2e/env/stand-in-chart";
import { CLUSTER_MANAGED_INGRESS_JOB } from "@/server/domain/jobs/job-kind";
import { createCluster } from "./create-cluster";
import { updateCluster } from "./update-cluster";

/**
 * Managed workload ingress through the production job handlers (in-process executor, real helm, the
 * stand-in ingress-nginx chart) into a stand-in vCluster that runs kube-controller-manager; the test plays
 * the vCluster's kubelet, and the node observer runs as in every job-processing process. Covers the create
 * job's step waiting for a node, the observer starting the flag-only job once a node is Ready, the update
 * job's step and the statuses written back on the cluster row.
 */
const origin = { ip: null, userAgent: null };
const viewer = { id: "usr_ingress", email: "ingress@example.test", name: "Ingress", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_i" } };
let h: ClusterJobHarness;
let vc: VirtualCluster | undefined;
let kubelet: PodKubelet | undefined;
let chartDir: string;

const readCluster = (id: string) => h.db.cluster.findUniqueOrThrow({ where: { id } });
const operations = (id: string) => h.db.clusterOperation.findMany({ where: { clusterId: id }, orderBy: { createdAt: "asc" } });
const latestOperation = async (id: string) => (await operations(id)).at(-1)!;
// The job writes the ingress status before it closes its operation: wait for the operation too.
const finishedOperation = (id: string) => h.waitFor("the operation to finish", () => latestOperation(id), (o) => o.status !== "pending" && o.status !== "running", 30_000);
const settled = (s: string) => s !== "provisioning";
const helmRevision = async () => {
  const out = await vc!.helm(["history", "kubebyon-managed-ingress", "--namespace", "kubebyon-system", "--output", "json"]);
  return (JSON.parse(out.stdout) as Array<{ revision: number }>).at(-1)!.revision;
};

beforeAll(async () => {
  // A copy of the stand-in chart, so a test can break it and fix it again.
  chartDir = path.join(await mkdtemp(path.join(os.tmpdir(), "kubebyon-ingress-chart-")), "ingress-nginx");
  await cp(INGRESS_NGINX_STAND_IN_CHART, chartDir, { recursive: true });
  h = await startClusterJobHarness({ label: "managed_ingress_jobs", ingressChart: chartDir, nodeObserver: true });
  await h.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
  const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core.createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
}, 240_000);

afterAll(async () => {
  await kubelet?.stop();
  await h?.close();
  if (chartDir) await rm(path.dirname(chartDir), { recursive: true, force: true });
});

describe("managed workload ingress jobs", () => {
  it("create with the flag on before any node: the cluster is ready, the ingress waits (provisioning, no error, step skipped)", async () => {
    const created = await createCluster(h.deps, viewer, { name: "ingress", controlPlaneHost: "203.0.113.30", managedWorkloadIngressEnabled: true }, origin);
    expect(created).toMatchObject({ managed_workload_ingress_enabled: true, managed_workload_ingress_status: "provisioning" });
    vc = await h.playVcluster(created.id, { controllerManager: true });
    const row = await h.waitFor("the create job", () => readCluster(created.id), (c) => c.status !== "provisioning", 120_000);
    expect(row).toMatchObject({ status: "ready", managedWorkloadIngressStatus: "provisioning", managedWorkloadIngressLastError: null, managedWorkloadIngressClass: null });
    const op = await finishedOperation(created.id);
    expect(op).toMatchObject({ kind: "create", status: "succeeded" });
    const step = storedSteps(op.steps).at(-1)!;
    expect(step).toMatchObject({ name: "managed_ingress", status: "skipped", message: expect.stringMatching(/^Waiting for a Ready node \(0 node\(s\) joined, none Ready\)/) });
    // The observer (rescan every 500 ms) watches the ready cluster now; with no node it starts nothing.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await operations(created.id)).map((o) => o.kind)).toEqual(["create"]);
  }, 180_000);

  it("a node joins: the node observer starts the managed_ingress job by itself -> ready, once, on the operation timeline", async () => {
    const { id } = await h.db.cluster.findFirstOrThrow({ where: { ownerId: viewer.id } });
    kubelet = await playPodKubelet({ kubeConfig: vc!.kubeConfig(), node: "worker-1", namespace: "kubebyon-system" });
    const started = await h.waitFor("the observer to start a managed_ingress operation", () => latestOperation(id), (o) => o.kind === "managed_ingress", 60_000);
    expect(started.requestedById).toBeNull();
    const job = await h.db.clusterJob.findFirstOrThrow({ where: { operationId: started.id } });
    expect(job.kind).toBe(CLUSTER_MANAGED_INGRESS_JOB);
    // While that job runs, a PATCH does not start a second reconcile beside it.
    await expect(updateCluster(h.deps, viewer, id, { managedWorkloadIngressEnabled: false }, origin)).rejects.toThrow(/still being reconciled|has just started/);

    const row = await h.waitFor("managed ingress to settle", () => readCluster(id), (c) => settled(c.managedWorkloadIngressStatus), 120_000);
    expect(row).toMatchObject({ status: "ready", managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "ready", managedWorkloadIngressLastError: null, managedWorkloadIngressClass: "kubebyon" });
    const op = await finishedOperation(id);
    expect(op).toMatchObject({ id: started.id, kind: "managed_ingress", status: "succeeded" });
    expect(stepOutcomes(storedSteps(op.steps))).toEqual(["resolve_endpoint:succeeded", "managed_ingress:succeeded"]);
    expect(await helmRevision()).toBe(1);
    // Later snapshots and rescans (every 500 ms here) start nothing more: the ingress is no longer waiting.
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await operations(id)).map((o) => o.kind)).toEqual(["create", "managed_ingress"]);
  }, 180_000);

  it("an update job with the flag unchanged runs the step and leaves the healthy release alone", async () => {
    const { id } = await h.db.cluster.findFirstOrThrow({ where: { ownerId: viewer.id } });
    await h.settled(id, "the previous operation");
    await updateCluster(h.deps, viewer, id, { controlPlaneHost: "203.0.113.31" }, origin);
    const row = await h.waitFor("the update job", () => readCluster(id), (c) => c.status !== "updating", 120_000);
    expect(row).toMatchObject({ status: "ready", managedWorkloadIngressStatus: "ready" });
    const op = await finishedOperation(id);
    expect(op).toMatchObject({ kind: "update", status: "succeeded" });
    expect(stepOutcomes(storedSteps(op.steps)).at(-1)).toBe("managed_ingress:succeeded");
    expect(await helmRevision()).toBe(1);
  }, 180_000);

  it("turning it off uninstalls and cleans up -> disabled; turning off again is only a row change", async () => {
    const { id } = await h.db.cluster.findFirstOrThrow({ where: { ownerId: viewer.id } });
    await h.settled(id, "the previous operation");
    const requested = await updateCluster(h.deps, viewer, id, { managedWorkloadIngressEnabled: false }, origin);
    expect(requested).toMatchObject({ managed_workload_ingress_enabled: false, managed_workload_ingress_status: "provisioning" });
    const row = await h.waitFor("managed ingress to be disabled", () => readCluster(id), (c) => settled(c.managedWorkloadIngressStatus), 120_000);
    expect(row).toMatchObject({ status: "ready", managedWorkloadIngressStatus: "disabled", managedWorkloadIngressLastError: null, managedWorkloadIngressClass: null });
    await expect(vc!.helm(["status", "kubebyon-managed-ingress", "--namespace", "kubebyon-system"])).rejects.toThrow(/not found/);

    const before = (await operations(id)).length;
    const again = await updateCluster(h.deps, viewer, id, { managedWorkloadIngressEnabled: false }, origin);
    expect(again.managed_workload_ingress_status).toBe("disabled");
    expect((await operations(id)).length).toBe(before);
  }, 180_000);

  it("a broken chart ends in error with helm's message; once fixed, asking again makes it ready", async () => {
    const { id } = await h.db.cluster.findFirstOrThrow({ where: { ownerId: viewer.id } });
    await h.settled(id, "the previous operation");
    const broken = path.join(chartDir, "templates", "broken.yaml");
    await writeFile(broken, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Values.controller.name | nope }}\n");
    await updateCluster(h.deps, viewer, id, { managedWorkloadIngressEnabled: true }, origin);
    const failed = await h.waitFor("the broken reconcile", () => readCluster(id), (c) => settled(c.managedWorkloadIngressStatus), 120_000);
    expect(failed).toMatchObject({ status: "ready", managedWorkloadIngressStatus: "error" });
    expect(failed.managedWorkloadIngressLastError).toMatch(/function "nope" not defined/);
    const op = await finishedOperation(id);
    expect(op).toMatchObject({ kind: "managed_ingress", status: "succeeded" });
    expect(storedSteps(op.steps).find((s) => s.name === "managed_ingress")).toMatchObject({ status: "failed", message: expect.stringMatching(/function "nope" not defined/) });

    await rm(broken);
    await updateCluster(h.deps, viewer, id, { managedWorkloadIngressEnabled: true }, origin);
    const fixed = await h.waitFor("the fixed reconcile", () => readCluster(id), (c) => settled(c.managedWorkloadIngressStatus), 120_000);
    expect(fixed).toMatchObject({ status: "ready", managedWorkloadIngressStatus: "ready", managedWorkloadIngressLastError: null, managedWorkloadIngressClass: "kubebyon" });
  }, 240_000);
});
