import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlan } from "@e2e/env/grant-plan";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * PATCH and DELETE /api/console/clusters/{id} through the REST adapter on a
 * real database: validation, ownership, refusal while busy, and what the
 * request itself writes (stale public-access fields cleared, operation and
 * job queued) before any job has run. No executor runs in this process, so
 * every row read here is exactly what the request committed.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };

type Body = Record<string, unknown> & { id: string; status: string; message?: string };

beforeAll(async () => {
  api = await startInProcessApi("cluster_update_delete_api");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
});
afterAll(() => api?.close());

async function call(method: "POST" | "PATCH" | "DELETE", path: string, cookie: string, body?: Record<string, unknown>): Promise<{ status: number; body: Body }> {
  const res = await api.rest(method, path, { cookie, body });
  return { status: res.status, body: (await res.json()) as Body };
}

/** What a runner leaves when the cluster's jobs are done: PATCH starts no job beside an active one. */
const finishJobs = (clusterId: string) => api.runtime.deps.db.clusterJob.updateMany({ where: { clusterId }, data: { status: "succeeded" } });

/** A cluster as a finished create job leaves it: ready, NodePort, endpoint and kubeconfig known, the job succeeded. */
async function readyNodePortCluster(name: string): Promise<string> {
  const created = await call("POST", "/clusters", alice.cookie, { name, control_plane_host: "203.0.113.10" });
  expect(created.status).toBe(200);
  await api.runtime.deps.db.cluster.update({
    where: { id: created.body.id },
    data: { status: "ready", publicAccessPort: 31443, apiEndpoint: "https://203.0.113.10:31443", kubeconfigAvailable: true, connectionStatus: "connected" },
  });
  await finishJobs(created.body.id);
  return created.body.id;
}

const db = () => api.runtime.deps.db;
const jobsOf = (clusterId: string, kind: string) => db().clusterJob.findMany({ where: { clusterId, kind } });

describe("PATCH /clusters/{cluster_id}", () => {
  it("refuses loadbalancer without control_plane_host and changes nothing", async () => {
    const id = await readyNodePortCluster("lb-no-host");
    await db().cluster.update({ where: { id }, data: { controlPlaneHost: null } });
    const res = await call("PATCH", `/clusters/${id}`, alice.cookie, { public_access_mode: "loadbalancer" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/control_plane_host is required when public_access_mode is loadbalancer/);
    const clearing = await call("PATCH", `/clusters/${id}`, alice.cookie, { control_plane_host: "https://x/y" });
    expect(clearing.status).toBe(400);
    expect(clearing.body.message).toMatch(/control_plane_host must be a host name or IP address/);
    const row = await db().cluster.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "ready", publicAccessMode: "nodeport", publicAccessPort: 31443 });
    expect(await jobsOf(id, "cluster.update")).toHaveLength(0);
  });

  it("refuses changes while the cluster is provisioning, with 409", async () => {
    const created = await call("POST", "/clusters", alice.cookie, { name: "still-creating" });
    const res = await call("PATCH", `/clusters/${created.body.id}`, alice.cookie, { name: "renamed" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still being created/);
  });

  it("hides another user's cluster (404) for PATCH and DELETE", async () => {
    const id = await readyNodePortCluster("private");
    expect((await call("PATCH", `/clusters/${id}`, bob.cookie, { name: "mine now" })).status).toBe(404);
    expect((await call("DELETE", `/clusters/${id}`, bob.cookie)).status).toBe(404);
    expect(await db().cluster.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "private", status: "ready" });
  });

  it("clears the previous mode's fields in the same write as the new mode, and queues one update job", async () => {
    const id = await readyNodePortCluster("switch");
    const toLb = await call("PATCH", `/clusters/${id}`, alice.cookie, { public_access_mode: "loadbalancer", control_plane_host: "k8s.example.com" });
    expect(toLb.status).toBe(200);
    expect(toLb.body).toMatchObject({ status: "updating", public_access_mode: "loadbalancer", public_access_port: null, api_endpoint: null, control_plane_host: "k8s.example.com" });
    const row = await db().cluster.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "updating", publicAccessMode: "loadbalancer", publicAccessEnabled: true, publicAccessPort: null, apiEndpoint: null, connectionStatus: "unknown" });
    const ops = await db().clusterOperation.findMany({ where: { clusterId: id, kind: "update" } });
    expect(ops).toHaveLength(1);
    expect((ops[0]!.steps as Array<{ name: string; status: string }>).map((s) => `${s.name}:${s.status}`)).toEqual([
      "ensure_namespace:pending",
      "apply_quota:pending",
      "helm_upgrade:pending",
      "wait_control_plane:pending",
      "verify_serving_certificate:pending",
      "resolve_endpoint:pending",
      "probe_connection:pending",
      "managed_ingress:pending",
    ]);
    const jobs = await jobsOf(id, "cluster.update");
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "pending", operationId: ops[0]!.id });
    expect(await db().auditEvent.count({ where: { action: "cluster.update", targetId: id } })).toBe(1);

    // While that job runs, another control-plane change waits; a rename does not.
    const busy = await call("PATCH", `/clusters/${id}`, alice.cookie, { public_access_mode: "off" });
    expect(busy.status).toBe(409);
    const renamed = await call("PATCH", `/clusters/${id}`, alice.cookie, { name: "switch 2" });
    expect(renamed.body).toMatchObject({ status: "updating", name: "switch 2", managed_workload_ingress_enabled: false });
    expect(await jobsOf(id, "cluster.update")).toHaveLength(1);
    // Managed ingress is reconciled by a job too (docs/managed-ingress.md): it waits as well.
    const ingress = await call("PATCH", `/clusters/${id}`, alice.cookie, { managed_workload_ingress_enabled: true });
    expect(ingress.status).toBe(409);

    // The job finished (as the worker would leave it); now turn public access off.
    await db().cluster.update({ where: { id }, data: { status: "ready", apiEndpoint: "https://k8s.example.com:443", kubeconfigAvailable: true, connectionStatus: "connected" } });
    await finishJobs(id);
    const off = await call("PATCH", `/clusters/${id}`, alice.cookie, { public_access_mode: "off" });
    expect(off.body).toMatchObject({ status: "updating", public_access_enabled: false, public_access_mode: "off", api_endpoint: null, kubeconfig_available: false, connection_status: "disabled" });
    expect(await db().cluster.findUniqueOrThrow({ where: { id } })).toMatchObject({ publicAccessEnabled: false, publicAccessMode: "loadbalancer", apiEndpoint: null, kubeconfigAvailable: false });
    expect(await jobsOf(id, "cluster.update")).toHaveLength(2);
  });

  it("managed ingress waiting for a node (provisioning, no job) takes a PATCH; one with a job queued refuses it", async () => {
    const id = await readyNodePortCluster("waiting-ingress");
    await db().cluster.update({ where: { id }, data: { managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "provisioning" } });
    const again = await call("PATCH", `/clusters/${id}`, alice.cookie, { managed_workload_ingress_enabled: true });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: "ready", managed_workload_ingress_status: "provisioning" });
    expect(await jobsOf(id, "cluster.managed_ingress")).toHaveLength(1);

    // That job is queued now: nothing else may start beside it.
    const off = await call("PATCH", `/clusters/${id}`, alice.cookie, { managed_workload_ingress_enabled: false });
    expect(off.status).toBe(409);
    expect(off.body.message).toMatch(/still being reconciled/);
    const host = await call("PATCH", `/clusters/${id}`, alice.cookie, { control_plane_host: "203.0.113.11" });
    expect(host.status).toBe(409);

    // It ended, leaving the ingress waiting again (no Ready node): turning it off is taken.
    await finishJobs(id);
    const disabled = await call("PATCH", `/clusters/${id}`, alice.cookie, { managed_workload_ingress_enabled: false });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toMatchObject({ managed_workload_ingress_enabled: false, managed_workload_ingress_status: "provisioning" });
    expect(await jobsOf(id, "cluster.managed_ingress")).toHaveLength(2);
  });

  it("renames without a job, and applies a new plan's quota through a job", async () => {
    const id = await readyNodePortCluster("plain");
    const renamed = await call("PATCH", `/clusters/${id}`, alice.cookie, { name: "Plain Renamed" });
    expect(renamed.body).toMatchObject({ status: "ready", name: "Plain Renamed", public_access_port: 31443, api_endpoint: "https://203.0.113.10:31443" });
    expect(await jobsOf(id, "cluster.update")).toHaveLength(0);

    const unknownPlan = await call("PATCH", `/clusters/${id}`, alice.cookie, { plan_id: "pln_missing" });
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.body.message).toMatch(/Plan pln_missing does not exist/);
    await db().plan.create({ data: { id: "pln_big", code: "big", name: "Big", clusterQuota: 100, nodeQuota: 4, cpuQuota: "8", memoryQuota: "16Gi" } });
    // Only the plan the owner holds can be applied: quota comes from orders, not from the request.
    const notHeld = await call("PATCH", `/clusters/${id}`, alice.cookie, { plan_id: "pln_big" });
    expect(notHeld.status).toBe(403);
    expect(notHeld.body.message).toMatch(/no plan, so a cluster cannot be moved to plan pln_big/);
    expect(await jobsOf(id, "cluster.update")).toHaveLength(0);
    await grantPlan(db(), alice.id, "pln_big");
    const planned = await call("PATCH", `/clusters/${id}`, alice.cookie, { plan_id: "pln_big" });
    expect(planned.body).toMatchObject({ status: "updating", plan_id: "pln_big", cluster_quota: { nodes: 4, cpu: "8", memory: "16Gi" }, public_access_port: 31443 });
    expect(await jobsOf(id, "cluster.update")).toHaveLength(1);
  });
});

describe("DELETE /clusters/{cluster_id}", () => {
  it("marks the cluster deleting with one job, and repeating it is a no-op", async () => {
    const id = await readyNodePortCluster("doomed");
    const first = await call("DELETE", `/clusters/${id}`, alice.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, status: "deleting" });
    const ops = await db().clusterOperation.findMany({ where: { clusterId: id, kind: "delete" } });
    expect(ops).toHaveLength(1);
    expect((ops[0]!.steps as Array<{ name: string }>).map((s) => s.name)).toEqual(["helm_uninstall", "delete_namespace", "mark_deleted"]);
    expect(await jobsOf(id, "cluster.delete")).toMatchObject([{ status: "pending", operationId: ops[0]!.id }]);

    const second = await call("DELETE", `/clusters/${id}`, alice.cookie);
    expect(second.status).toBe(200);
    expect(second.body.status).toBe("deleting");
    expect(await jobsOf(id, "cluster.delete")).toHaveLength(1);
    const patch = await call("PATCH", `/clusters/${id}`, alice.cookie, { name: "too late" });
    expect(patch.status).toBe(409);
    expect(patch.body.message).toMatch(/being deleted/);

    // Once the job has finished, DELETE returns the deleted cluster as it is.
    const deletedAt = new Date("2026-01-02T03:04:05.000Z");
    await db().cluster.update({ where: { id }, data: { status: "deleted", deletedAt } });
    const third = await call("DELETE", `/clusters/${id}`, alice.cookie);
    expect(third.body).toMatchObject({ status: "deleted", deleted_at: deletedAt.toISOString() });
    expect(await jobsOf(id, "cluster.delete")).toHaveLength(1);
  });
});

describe("PATCH racing DELETE", () => {
  it("never puts a cluster that is being deleted back to updating, whichever request wins", async () => {
    for (let round = 0; round < 8; round++) {
      const id = await readyNodePortCluster(`race-${round}`);
      const [patch, del] = await Promise.all([
        call("PATCH", `/clusters/${id}`, alice.cookie, { public_access_mode: "off", public_access_enabled: false }),
        call("DELETE", `/clusters/${id}`, alice.cookie),
      ]);
      expect(del.status, `round ${round}`).toBe(200);
      expect([200, 409], `round ${round}: ${patch.body.message ?? ""}`).toContain(patch.status);
      const row = await db().cluster.findUniqueOrThrow({ where: { id } });
      expect(row.status, `round ${round}`).toBe("deleting");
      expect(await jobsOf(id, "cluster.delete"), `round ${round}`).toHaveLength(1);
      // A refused PATCH left nothing behind; an accepted one queued exactly one update before the delete.
      expect(await jobsOf(id, "cluster.update"), `round ${round}`).toHaveLength(patch.status === 200 ? 1 : 0);
      await db().cluster.update({ where: { id }, data: { status: "deleted", deletedAt: new Date() } });
    }
  });
});
