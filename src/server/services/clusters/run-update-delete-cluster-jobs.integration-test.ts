import { ApiException, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
import { readVclusterConfig } from "@e2e/env/vcluster-config";
import type { OperationStep } from "@/server/domain/clusters/operation-steps";
import { createCluster } from "./create-cluster";
import { CLUSTER_DELETE_JOB, CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import { deleteCluster } from "./delete-cluster";
import { updateCluster } from "./update-cluster";

/**
 * Update and delete of a cluster on real parts (plan §5.4, §5.6): the use
 * cases write the rows, the in-process executor runs the jobs with the real
 * helm binary against a real kube-apiserver with kube-controller-manager
 * (namespace deletion), and the test plays the vCluster apiserver.
 */
const origin = { ip: null, userAgent: null };
let h: ClusterJobHarness;
const viewer = { id: "usr_updater", email: "updater@example.test", name: "Updater", role: "user" as const, auth: { method: "session" as const, sessionId: "ses_u" } };

const readCluster = (id: string) => h.db.cluster.findUniqueOrThrow({ where: { id } });
const latestOperation = (id: string, kind: string) => h.db.clusterOperation.findFirstOrThrow({ where: { clusterId: id, kind }, orderBy: { createdAt: "desc" } });
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
  h = await startClusterJobHarness({ label: "update_delete_cluster_jobs" });
  await h.db.user.create({ data: { id: viewer.id, email: viewer.email, name: viewer.name } });
  const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: "kubebyon-system" } } });
  await core.createNamespacedSecret({ namespace: "kubebyon-system", body: { metadata: { name: "vcluster-platform-api-key" }, stringData: { accessKey: "k" } } });
});

afterAll(() => h?.close());

async function readyCluster(name: string): Promise<string> {
  const created = await createCluster(h.deps, viewer, { name, controlPlaneHost: "203.0.113.10" }, origin);
  await h.playVcluster(created.id);
  expect((await h.settled(created.id, "cluster to be ready")).status).toBe("ready");
  return created.id;
}

describe("cluster.update and cluster.delete jobs", () => {
  it("switches nodeport -> loadbalancer -> off, then deletes release, namespace and row state", async () => {
    const id = await readyCluster("switcher");
    const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
    const before = await readCluster(id);
    expect(before.publicAccessPort).toBeGreaterThan(0);
    expect(before.apiEndpoint).toBe(`https://203.0.113.10:${before.publicAccessPort}`);

    // nodeport -> loadbalancer with a stable host
    const requested = await updateCluster(h.deps, viewer, id, { publicAccessMode: "loadbalancer", controlPlaneHost: "k8s.example.com" }, origin);
    expect(requested).toMatchObject({ status: "updating", public_access_mode: "loadbalancer", public_access_port: null, api_endpoint: null });
    const lb = await h.settled(id, "update to loadbalancer");
    expect(lb).toMatchObject({ status: "ready", lastError: null, publicAccessPort: null, apiEndpoint: "https://k8s.example.com:443", kubeconfigAvailable: true, connectionStatus: "connected" });
    const lbService = await core.readNamespacedService({ name: lb.vclusterName, namespace: lb.namespace });
    expect(lbService.spec?.type).toBe("LoadBalancer");
    expect((await readVclusterConfig(core, lb.namespace, lb.vclusterName)).controlPlane.proxy.extraSANs).toContain("k8s.example.com");
    const lbOp = await latestOperation(id, "update");
    expect(lbOp.status).toBe("succeeded");
    expect(stepSummary(lbOp.steps)).toEqual([
      "ensure_namespace:succeeded",
      "apply_quota:skipped",
      "helm_upgrade:succeeded",
      "wait_control_plane:succeeded",
      "verify_serving_certificate:succeeded",
      "resolve_endpoint:succeeded",
      "probe_connection:succeeded",
      "managed_ingress:skipped",
    ]);

    // loadbalancer -> off: ClusterIP, no public endpoint, no kubeconfig for users
    await updateCluster(h.deps, viewer, id, { publicAccessMode: "off" }, origin);
    const off = await h.settled(id, "update to off");
    expect(off).toMatchObject({ status: "ready", publicAccessEnabled: false, apiEndpoint: null, publicAccessPort: null, kubeconfigAvailable: false, connectionStatus: "disabled" });
    expect(off.publicAccessMode).toBe("loadbalancer"); // kept, so switching back on restores it
    expect((await core.readNamespacedService({ name: off.vclusterName, namespace: off.namespace })).spec?.type).toBe("ClusterIP");
    expect(await h.db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_UPDATE_JOB, status: "succeeded" } })).toBe(2);

    // A rename alone is a row change: no job, status stays ready.
    const renamed = await updateCluster(h.deps, viewer, id, { name: "Switcher 2" }, origin);
    expect(renamed).toMatchObject({ name: "Switcher 2", status: "ready" });
    expect(await h.db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_UPDATE_JOB } })).toBe(2);

    // delete
    const deleting = await deleteCluster(h.deps, viewer, id, origin);
    expect(deleting.status).toBe("deleting");
    const again = await deleteCluster(h.deps, viewer, id, origin);
    expect(again.status).toBe("deleting");
    expect(await h.db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_DELETE_JOB } })).toBe(1);
    const deleted = await h.waitFor("deletion", () => readCluster(id), (c) => c.status !== "deleting");
    expect(deleted).toMatchObject({ status: "deleted", apiEndpoint: null, kubeconfigAvailable: false, connectionStatus: "disabled", lastError: null });
    expect(deleted.deletedAt).toBeInstanceOf(Date);
    expect(await statusCode(() => core.readNamespacedService({ name: deleted.vclusterName, namespace: deleted.namespace }))).toBe(404);
    expect(await statusCode(() => core.readNamespace({ name: deleted.namespace }))).toBe(404);
    await expect(h.kube.helm(["status", deleted.vclusterName, "-n", deleted.namespace])).rejects.toThrow();
    const delOp = await latestOperation(id, "delete");
    expect(delOp.status).toBe("succeeded");
    expect(stepSummary(delOp.steps)).toEqual(["helm_uninstall:succeeded", "delete_namespace:succeeded", "mark_deleted:succeeded"]);

    // A second DELETE of a deleted cluster returns it and starts nothing.
    const repeat = await deleteCluster(h.deps, viewer, id, origin);
    expect(repeat).toMatchObject({ status: "deleted", deleted_at: deleted.deletedAt!.toISOString() });
    expect(await h.db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_DELETE_JOB } })).toBe(1);
    await expect(updateCluster(h.deps, viewer, id, { name: "nope" }, origin)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("sizes the control plane from the plan, and a plan change re-applies the quota and rolls the Pod with the new resources", async () => {
    const core = h.kube.kubeConfig().makeApiClient(CoreV1Api);
    const admin = { id: "usr_plan_admin", email: "admin@example.test", name: "Admin", role: "admin" as const, auth: { method: "session" as const, sessionId: "ses_a" } };
    await h.db.user.create({ data: { id: admin.id, email: admin.email, name: admin.name, role: "admin" } });
    // Column defaults: the chart's own control plane (200m/256Mi/1Gi requests, 4Gi/10Gi limits, 5Gi volume).
    await h.db.plan.create({ data: { id: "pln_std", code: "std", name: "Standard", clusterQuota: 5, nodeQuota: 3, cpuQuota: "1", memoryQuota: "4Gi", isDefault: true } });
    await h.db.plan.create({
      data: {
        id: "pln_small",
        code: "small",
        name: "Small",
        clusterQuota: 5,
        nodeQuota: 1,
        cpuQuota: "500m",
        memoryQuota: "1Gi",
        controlPlaneCpuRequest: "100m",
        controlPlaneMemoryLimit: "1Gi",
        controlPlaneEphemeralStorageRequest: "512Mi",
        controlPlaneEphemeralStorageLimit: "2Gi",
        controlPlaneDataVolumeSize: "2Gi",
      },
    });
    const id = await readyCluster("sized");
    const row = await readCluster(id);
    expect(row).toMatchObject({ planId: "pln_std", controlPlaneMemoryLimit: "4Gi", controlPlaneDataVolumeSize: "5Gi", controlPlaneStorageClass: null });
    const createOp = await latestOperation(id, "create");
    expect(stepSummary(createOp.steps)).toContain("apply_quota:succeeded");
    const quota = await core.readNamespacedResourceQuota({ name: "kubebyon-quota", namespace: row.namespace });
    expect(quota.spec?.hard).toEqual({
      pods: "1",
      "requests.cpu": "1",
      "requests.memory": "4Gi",
      "limits.memory": "4Gi",
      "requests.ephemeral-storage": "1Gi",
      "limits.ephemeral-storage": "10Gi",
      persistentvolumeclaims: "1",
      "requests.storage": "5Gi",
    });
    const podName = `${row.vclusterName}-0`;
    const readPod = async () => (await core.listNamespacedPod({ namespace: row.namespace })).items.find((p) => p.metadata?.name === podName);
    const syncerOf = (pod: Awaited<ReturnType<typeof readPod>>) => pod?.spec?.containers.find((c) => c.name === "syncer")?.resources;
    const first = await h.waitFor("the control-plane Pod", readPod, (p) => p !== undefined);
    expect(syncerOf(first)).toEqual({ requests: { cpu: "200m", memory: "256Mi", "ephemeral-storage": "1Gi" }, limits: { memory: "4Gi", "ephemeral-storage": "10Gi" } });

    // An admin moves the cluster to the small plan: resources follow, the data volume stays as created.
    await updateCluster(h.deps, admin, id, { planId: "pln_small" }, origin);
    const moved = await h.waitFor("the plan change to apply", () => readCluster(id), (c) => c.status !== "updating");
    expect(moved).toMatchObject({ status: "ready", planId: "pln_small", controlPlaneCpuRequest: "100m", controlPlaneMemoryLimit: "1Gi", controlPlaneDataVolumeSize: "5Gi" });
    const second = await h.waitFor("the Pod to be replaced", readPod, (p) => p !== undefined && p.metadata?.uid !== first?.metadata?.uid);
    expect(syncerOf(second)).toEqual({ requests: { cpu: "100m", memory: "256Mi", "ephemeral-storage": "512Mi" }, limits: { memory: "1Gi", "ephemeral-storage": "2Gi" } });
    expect((await core.readNamespacedResourceQuota({ name: "kubebyon-quota", namespace: row.namespace })).spec?.hard).toMatchObject({
      "requests.memory": "1Gi",
      "limits.memory": "1Gi",
      "limits.ephemeral-storage": "2Gi",
      "requests.storage": "5Gi",
    });
    const config = await readVclusterConfig(core, row.namespace, row.vclusterName);
    expect(config.controlPlane.statefulSet?.persistence?.volumeClaim?.size).toBe("5Gi");
  });
});
