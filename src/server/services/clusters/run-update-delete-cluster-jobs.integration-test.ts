import { ApiException, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterJobHarness, type ClusterJobHarness } from "@e2e/env/cluster-job-harness";
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
  await h.waitFor("cluster to be ready", () => readCluster(created.id), (c) => c.status === "ready" || c.status === "error");
  expect((await readCluster(created.id)).status).toBe("ready");
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
    const lb = await h.waitFor("update to loadbalancer", () => readCluster(id), (c) => c.status !== "updating");
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
    await updateCluster(h.deps, viewer, id, { publicAccessMode: "off" }, origin);
    const off = await h.waitFor("update to off", () => readCluster(id), (c) => c.status !== "updating");
    expect(off).toMatchObject({ status: "ready", publicAccessEnabled: false, apiEndpoint: null, publicAccessPort: null, kubeconfigAvailable: false, connectionStatus: "disabled" });
    expect(off.publicAccessMode).toBe("loadbalancer"); // kept, so switching back on restores it
    expect((await core.readNamespacedService({ name: off.vclusterName, namespace: off.namespace })).spec?.type).toBe("ClusterIP");
    // The runner records a job's success just after its handler returns, so wait for the count.
    const countSucceeded = () => h.db.clusterJob.count({ where: { clusterId: id, kind: CLUSTER_UPDATE_JOB, status: "succeeded" } });
    expect(await h.waitFor("both update jobs to be recorded", countSucceeded, (n) => n === 2)).toBe(2);

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
});
