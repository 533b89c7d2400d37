import { randomUUID } from "node:crypto";
import { CoreV1Api, PolicyV1Api, type V1Pod } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { kubeObjectExists } from "@e2e/env/kube/object-exists";
import { playKubeletDeletions } from "@e2e/env/kubelet-stand-in";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { DrainReport } from "@/server/domain/nodes/drain-report";
import type { DrainRequest, NodeOperator } from "@/server/services/nodes/ports";
import { mergePatch, postNodeStatus, registerNode, vclusterCredentials } from "./node-kubelet.test-fixtures";
import { KubeNodeOperator } from "./node-operator";
import { KubeNodeReader } from "./node-reader";

let cluster: KubeCluster;
let vc: VirtualCluster;
let credentials: ClusterCredentials;
let core: CoreV1Api;
const operator: NodeOperator = new KubeNodeOperator({ evictionRetryMs: 200, podGonePollMs: 100 });
const reader = new KubeNodeReader();
const NS = "apps";

// The vCluster runs without kube-controller-manager on purpose: its garbage collector would delete
// pods whose DaemonSet owner does not exist and its node-lifecycle controller would fight the test's
// kubelet role (and create the namespace's default ServiceAccount). The test plays the two parts drain depends on instead: the kubelet (pod status,
// confirming graceful deletions) and the disruption controller (PodDisruptionBudget status).
beforeAll(async () => {
  cluster = await startKubeCluster({ controllerManager: true });
  vc = await cluster.startVirtualCluster({ name: "nodes-ops", namespace: "team-ops" });
  credentials = await vclusterCredentials(cluster, vc);
  core = vc.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: NS } } });
  // The ServiceAccount admission plugin requires it; the controller manager would create it.
  await core.createNamespacedServiceAccount({ namespace: NS, body: { metadata: { name: "default" } } });
});
afterAll(() => cluster?.stop());

async function readyNode(name: string): Promise<void> {
  await registerNode(core, name);
  await postNodeStatus(core, name, "True");
}

/** Owned by a ReplicaSet (the controller kubectl drain wants to see); no controller manager runs, so none deletes it. */
const managed = (): Partial<NonNullable<V1Pod["metadata"]>> => ({
  ownerReferences: [{ apiVersion: "apps/v1", kind: "ReplicaSet", name: "app-5d4f9", uid: randomUUID(), controller: true }],
});
const emptyDir = { volumes: [{ name: "scratch", emptyDir: {} }] };
const noConsent = { force: false, deleteEmptyDirData: false };

/** Creates a pod bound to `node` and reports it Running and Ready, as the node's kubelet would. */
async function runPod(
  node: string,
  name: string,
  meta: Partial<NonNullable<V1Pod["metadata"]>> = managed(),
  spec: Partial<NonNullable<V1Pod["spec"]>> = {},
): Promise<V1Pod> {
  const pod = await core.createNamespacedPod({
    namespace: NS,
    body: { metadata: { name, ...meta }, spec: { nodeName: node, containers: [{ name: "app", image: "registry.invalid/app:1" }], ...spec } },
  });
  const now = new Date();
  await core.patchNamespacedPodStatus(
    { name, namespace: NS, body: { status: { phase: "Running", podIP: "10.244.1.5", conditions: [{ type: "Ready", status: "True", lastTransitionTime: now }] } } },
    mergePatch,
  );
  return pod;
}

const podExists = (name: string) => kubeObjectExists(() => core.readNamespacedPod({ name, namespace: NS }));

async function drained(request: DrainRequest): Promise<DrainReport> {
  const outcome = await operator.drain(request);
  if (!("report" in outcome)) throw new Error(`drain was refused: ${JSON.stringify(outcome.refused)}`);
  return outcome.report;
}

describe("KubeNodeOperator against a vCluster", () => {
  it("cordons and uncordons a node", async () => {
    await readyNode("worker-c");
    await operator.cordon(credentials, "worker-c");
    expect((await reader.get(credentials, "worker-c"))?.unschedulable).toBe(true);
    await operator.cordon(credentials, "worker-c");
    expect((await core.readNode({ name: "worker-c" })).spec?.unschedulable).toBe(true);
    await operator.uncordon(credentials, "worker-c");
    expect((await reader.get(credentials, "worker-c"))?.unschedulable).toBe(false);
  });

  it("answers NOT_FOUND when cordoning a node that does not exist", async () => {
    await expect(operator.cordon(credentials, "ghost")).rejects.toMatchObject({ code: "NOT_FOUND", message: "Node ghost was not found." });
  });

  it("drains: evicts managed pods, skips DaemonSet and mirror pods, reports pods a PDB protects", async () => {
    const node = "worker-d";
    await readyNode(node);
    await runPod(node, "web");
    // A DaemonSet pod and a static pod, both with emptyDir data: skipped, so they refuse nothing (--ignore-daemonsets).
    await runPod(
      node,
      "agent-x7k2p",
      { ownerReferences: [{ apiVersion: "apps/v1", kind: "DaemonSet", name: "agent", uid: randomUUID(), controller: true }] },
      emptyDir,
    );
    await runPod(node, `kube-proxy-${node}`, { annotations: { "kubernetes.io/config.mirror": "abc123", "kubernetes.io/config.source": "file" } }, emptyDir);
    await runPod(node, "db-0", { labels: { app: "db" }, ...managed() });
    const policy = vc.kubeConfig().makeApiClient(PolicyV1Api);
    const pdb = await policy.createNamespacedPodDisruptionBudget({
      namespace: NS,
      body: { metadata: { name: "db" }, spec: { maxUnavailable: 0, selector: { matchLabels: { app: "db" } } } },
    });
    // What the disruption controller would compute for one healthy pod and maxUnavailable 0.
    await policy.patchNamespacedPodDisruptionBudgetStatus(
      {
        name: "db",
        namespace: NS,
        body: { status: { observedGeneration: pdb.metadata?.generation, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1, disruptionsAllowed: 0 } },
      },
      mergePatch,
    );
    // A pod elsewhere must not be touched.
    await readyNode("worker-e");
    await runPod("worker-e", "elsewhere");

    const stopKubelet = playKubeletDeletions(core, node);
    const started = Date.now();
    const report = await drained({ credentials, node, timeoutMs: 2_000, options: noConsent }).finally(stopKubelet);

    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(report.node).toBe(node);
    expect(report.completed).toBe(false);
    expect(report.pods.map((p) => [p.namespace, p.name, p.outcome])).toEqual([
      [NS, "agent-x7k2p", "skipped_daemonset"],
      [NS, "db-0", "blocked_by_pdb"],
      [NS, `kube-proxy-${node}`, "skipped_mirror"],
      [NS, "web", "evicted"],
    ]);
    expect(report.pods.find((p) => p.name === "db-0")?.message).toMatch(/disruption budget/i);
    expect(await podExists("web")).toBe(false);
    expect(await podExists("db-0")).toBe(true);
    expect(await podExists("agent-x7k2p")).toBe(true);
    expect(await podExists("elsewhere")).toBe(true);
    expect((await core.readNode({ name: node })).spec?.unschedulable).toBe(true);
  });

  it("reports a drain as complete once every evictable pod is gone", async () => {
    const node = "worker-f";
    await readyNode(node);
    await runPod(node, "api-1");
    await runPod(node, "api-2");
    const stopKubelet = playKubeletDeletions(core, node);
    const report = await drained({ credentials, node, timeoutMs: 10_000, options: noConsent }).finally(stopKubelet);
    expect(report.completed).toBe(true);
    expect(report.pods.map((p) => `${p.name}:${p.outcome}`)).toEqual(["api-1:evicted", "api-2:evicted"]);
  });

  it("fails a pod that stays Terminating because no kubelet confirms its deletion", async () => {
    const node = "worker-g";
    await readyNode(node);
    await runPod(node, "stuck");
    const report = await drained({ credentials, node, timeoutMs: 1_000, options: noConsent });
    expect(report.pods).toEqual([{ namespace: NS, name: "stuck", outcome: "failed", message: expect.stringMatching(/still terminating/) }]);
    expect((await core.readNamespacedPod({ name: "stuck", namespace: NS })).metadata?.deletionTimestamp).toBeDefined();
  });

  it("stops retrying when the drain is cancelled", async () => {
    const node = "worker-h";
    await readyNode(node);
    await runPod(node, "db-1", { labels: { app: "db" }, ...managed() });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const report = await drained({ credentials, node, timeoutMs: 30_000, options: noConsent, signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(report.pods).toEqual([{ namespace: NS, name: "db-1", outcome: "failed", message: expect.stringMatching(/cancelled/) }]);
  });

  it("refuses an unmanaged Pod and a Pod with emptyDir data without force / delete_emptydir_data, changing nothing", async () => {
    const node = "worker-j";
    await readyNode(node);
    await runPod(node, "bare", {});
    await runPod(node, "cache", managed(), emptyDir);
    await runPod(node, "api", managed());
    await runPod(node, "agent-j", { ownerReferences: [{ apiVersion: "apps/v1", kind: "DaemonSet", name: "agent", uid: randomUUID(), controller: true }] });
    const stopKubelet = playKubeletDeletions(core, node);
    try {
      const outcome = await operator.drain({ credentials, node, timeoutMs: 5_000, options: noConsent });
      expect(outcome).toEqual({ refused: { node, unmanaged: [`${NS}/bare`], withEmptyDir: [`${NS}/cache`] } });
      // Consent to one of the two is not enough either.
      expect(await operator.drain({ credentials, node, timeoutMs: 5_000, options: { force: true, deleteEmptyDirData: false } })).toEqual({
        refused: { node, unmanaged: [], withEmptyDir: [`${NS}/cache`] },
      });
      expect(await operator.drain({ credentials, node, timeoutMs: 5_000, options: { force: false, deleteEmptyDirData: true } })).toEqual({
        refused: { node, unmanaged: [`${NS}/bare`], withEmptyDir: [] },
      });
      // Not cordoned, nothing evicted (kubectl itself would have cordoned first).
      expect((await core.readNode({ name: node })).spec?.unschedulable).not.toBe(true);
      for (const name of ["bare", "cache", "api", "agent-j"]) {
        expect(await podExists(name), name).toBe(true);
        expect((await core.readNamespacedPod({ name, namespace: NS })).metadata?.deletionTimestamp, name).toBeUndefined();
      }
    } finally {
      await stopKubelet();
    }
  });

  it("with force evicts the unmanaged Pod, with delete_emptydir_data the Pod with emptyDir; DaemonSet Pods stay", async () => {
    const node = "worker-k";
    await readyNode(node);
    await runPod(node, "bare-k", {});
    await runPod(node, "agent-k", { ownerReferences: [{ apiVersion: "apps/v1", kind: "DaemonSet", name: "agent", uid: randomUUID(), controller: true }] });
    const stopKubelet = playKubeletDeletions(core, node);
    try {
      const forced = await drained({ credentials, node, timeoutMs: 10_000, options: { force: true, deleteEmptyDirData: false } });
      expect(forced).toMatchObject({ node, completed: true });
      expect(forced.pods.map((p) => `${p.name}:${p.outcome}`)).toEqual(["agent-k:skipped_daemonset", "bare-k:evicted"]);
      expect(await podExists("bare-k")).toBe(false);
      expect(await podExists("agent-k")).toBe(true);
      expect((await core.readNode({ name: node })).spec?.unschedulable).toBe(true);

      await operator.uncordon(credentials, node);
      await runPod(node, "cache-k", managed(), emptyDir);
      const withData = await drained({ credentials, node, timeoutMs: 10_000, options: { force: false, deleteEmptyDirData: true } });
      expect(withData.pods.map((p) => `${p.name}:${p.outcome}`)).toEqual(["agent-k:skipped_daemonset", "cache-k:evicted"]);
      expect(await podExists("cache-k")).toBe(false);
      expect(await podExists("agent-k")).toBe(true);
    } finally {
      await stopKubelet();
    }
  });

  it("never refuses finished Pods: a Succeeded Pod without a controller and with emptyDir is removed", async () => {
    const node = "worker-l";
    await readyNode(node);
    await core.createNamespacedPod({
      namespace: NS,
      body: { metadata: { name: "job-done" }, spec: { nodeName: node, restartPolicy: "Never", containers: [{ name: "app", image: "registry.invalid/app:1" }], ...emptyDir } },
    });
    await core.patchNamespacedPodStatus({ name: "job-done", namespace: NS, body: { status: { phase: "Succeeded" } } }, mergePatch);
    const stopKubelet = playKubeletDeletions(core, node);
    const report = await drained({ credentials, node, timeoutMs: 10_000, options: noConsent }).finally(stopKubelet);
    expect(report.pods.map((p) => `${p.name}:${p.outcome}`)).toEqual(["job-done:evicted"]);
  });

  it("deletes a node, and treats an already deleted node as done", async () => {
    await readyNode("worker-i");
    await operator.delete(credentials, "worker-i");
    expect(await reader.get(credentials, "worker-i")).toBeNull();
    await expect(operator.delete(credentials, "worker-i")).resolves.toBeUndefined();
  });
});
