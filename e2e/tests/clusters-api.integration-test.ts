import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlan } from "@e2e/env/grant-plan";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * POST /api/console/clusters (spec §5.2) through the REST adapter on a real
 * database: what lands in clusters, cluster_operations and cluster_jobs, name
 * normalisation and uniqueness, and the public-access rules of the plan.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };

beforeAll(async () => {
  api = await startInProcessApi("clusters_api");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
});
afterAll(() => api?.close());

type ClusterBody = Record<string, unknown> & { id: string; vcluster_name: string; namespace: string };

async function create(cookie: string, body: Record<string, unknown>): Promise<{ status: number; body: ClusterBody & { message?: string } }> {
  const res = await api.rest("POST", "/clusters", { cookie, body });
  return { status: res.status, body: (await res.json()) as ClusterBody & { message?: string } };
}

describe("cluster creation", () => {
  it("records the cluster as provisioning with its operation timeline and job in one go", async () => {
    const { status, body } = await create(alice.cookie, { name: "My Demo!", control_plane_host: "203.0.113.10" });
    expect(status).toBe(200);
    expect(body.id).toMatch(/^cl_[0-9a-z]{20}$/);
    expect(body).toMatchObject({
      name: "My Demo!",
      vcluster_name: "my-demo",
      namespace: "my-demo",
      status: "provisioning",
      public_access_enabled: true,
      public_access_mode: "nodeport",
      control_plane_host: "203.0.113.10",
      kubeconfig_available: false,
      owner_id: alice.id,
    });
    const db = api.runtime.deps.db;
    const ops = await db.clusterOperation.findMany({ where: { clusterId: body.id } });
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: "create", status: "pending", requestedById: alice.id });
    expect((ops[0]!.steps as Array<{ name: string; status: string }>).map((s) => `${s.name}:${s.status}`)).toEqual([
      "ensure_namespace:pending",
      "apply_quota:pending",
      "copy_platform_secret:pending",
      "helm_install:pending",
      "wait_control_plane:pending",
      "resolve_endpoint:pending",
      "probe_connection:pending",
      "managed_ingress:pending",
    ]);
    const jobs = await db.clusterJob.findMany({ where: { clusterId: body.id } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "cluster.create", status: "pending", operationId: ops[0]!.id });
    expect(await db.auditEvent.count({ where: { action: "cluster.create", targetId: body.id } })).toBe(1);
  });

  it("keeps derived names unique with a suffix, and refuses a chosen name that is taken", async () => {
    const second = await create(bob.cookie, { name: "my demo" });
    expect(second.status).toBe(200);
    expect(second.body.vcluster_name).toMatch(/^my-demo-[0-9a-z]{6}$/);
    expect(second.body.namespace).toMatch(/^my-demo-[0-9a-z]{6}$/);

    const taken = await create(bob.cookie, { name: "x", vcluster_name: "My_Demo" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('vcluster_name "my-demo" is already used by another cluster. Choose a different vcluster_name.');

    const chosen = await create(bob.cookie, { name: "x", vcluster_name: "Team A", namespace: "team-a-ns" });
    expect(chosen.body).toMatchObject({ vcluster_name: "team-a", namespace: "team-a-ns" });
    const unusable = await create(bob.cookie, { name: "集群" });
    expect(unusable.body.vcluster_name).toBe(unusable.body.id.replace("_", "-"));
  });

  it("applies the public access rules of the plan", async () => {
    const noHost = await create(alice.cookie, { name: "lb", public_access_mode: "loadbalancer" });
    expect(noHost.status).toBe(400);
    expect(noHost.body.message).toMatch(/control_plane_host is required when public_access_mode is loadbalancer/);

    const lb = await create(alice.cookie, { name: "lb", public_access_mode: "loadbalancer", control_plane_host: "k8s.example.com" });
    expect(lb.body).toMatchObject({ public_access_enabled: true, public_access_mode: "loadbalancer" });

    const off = await create(alice.cookie, { name: "private", public_access_mode: "off" });
    expect(off.body).toMatchObject({ public_access_enabled: false, public_access_mode: "off", connection_status: "disabled" });

    const badHost = await create(alice.cookie, { name: "bad", control_plane_host: "https://x/y" });
    expect(badHost.status).toBe(400);

    await api.runtime.deps.db.systemSetting.create({ data: { key: "default_cluster_public_access_mode", value: "loadbalancer" } });
    const defaulted = await create(alice.cookie, { name: "default-lb", control_plane_host: "203.0.113.20" });
    expect(defaulted.body.public_access_mode).toBe("loadbalancer");
    const defaultedNoHost = await create(alice.cookie, { name: "default-lb-2" });
    expect(defaultedNoHost.status).toBe(400);
    await api.runtime.deps.db.systemSetting.delete({ where: { key: "default_cluster_public_access_mode" } });
  });

  it("validates the request with actionable messages", async () => {
    const empty = await create(alice.cookie, { name: "  " });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("name is required");
    const badMode = await create(alice.cookie, { name: "m", public_access_mode: "ingress" });
    expect(badMode.status).toBe(400);
  });

  it("enforces the cluster quota of the user's current plan", async () => {
    const db = api.runtime.deps.db;
    await db.plan.create({ data: { id: "pln_one", code: "one", name: "One", clusterQuota: 1, nodeQuota: 3, cpuQuota: "4", memoryQuota: "8Gi" } });
    const carol = await api.createUser("carol@example.test", "carol-password-12");
    await grantPlan(db, carol.id, "pln_one");
    const first = await create(carol.cookie, { name: "c1" });
    expect(first.body.cluster_quota).toEqual({ nodes: 3, cpu: "4", memory: "8Gi" });
    const second = await create(carol.cookie, { name: "c2" });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/allows 1 cluster\(s\) and you have 1/);
  });

  it("never lets concurrent creates exceed the plan's cluster quota", async () => {
    const db = api.runtime.deps.db;
    await db.plan.create({ data: { id: "pln_two", code: "two", name: "Two", clusterQuota: 2, nodeQuota: 3, cpuQuota: "4", memoryQuota: "8Gi" } });
    const dave = await api.createUser("dave@example.test", "dave-password-123");
    await grantPlan(db, dave.id, "pln_two");
    const results = await Promise.all(["d1", "d2", "d3", "d4", "d5"].map((name) => create(dave.cookie, { name })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await db.cluster.count({ where: { ownerId: dave.id } })).toBe(2);
  });

  it("snapshots the plan's control plane, and refuses a plan saved before plans carried one when it cannot run it", async () => {
    const db = api.runtime.deps.db;
    const erin = await api.createUser("erin@example.test", "erin-password-123");
    // Written directly, as an older release could store it: 2Gi under the chart's 4Gi control-plane memory limit.
    await db.plan.create({ data: { id: "pln_old", code: "old", name: "Old small", clusterQuota: 2, nodeQuota: 1, cpuQuota: "2", memoryQuota: "2Gi" } });
    await grantPlan(db, erin.id, "pln_old");
    const refused = await create(erin.cookie, { name: "e1" });
    expect(refused.status).toBe(412);
    expect(refused.body.message).toBe(
      'Plan "Old small" cannot run a cluster\'s control plane: memory_quota 2Gi is below the control plane\'s memory limit 4Gi: raise memory_quota or lower control_plane_memory_limit. Ask an administrator to change the plan.',
    );
    expect(await db.cluster.count({ where: { ownerId: erin.id } })).toBe(0);

    await db.plan.update({ where: { id: "pln_old" }, data: { controlPlaneMemoryLimit: "2Gi", controlPlaneDataVolumeSize: "3Gi", controlPlaneStorageClass: "longhorn" } });
    const created = await create(erin.cookie, { name: "e1" });
    expect(created.status).toBe(200);
    const row = await db.cluster.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row).toMatchObject({
      controlPlaneCpuRequest: "200m",
      controlPlaneCpuLimit: null,
      controlPlaneMemoryRequest: "256Mi",
      controlPlaneMemoryLimit: "2Gi",
      controlPlaneEphemeralStorageRequest: "1Gi",
      controlPlaneEphemeralStorageLimit: "10Gi",
      controlPlaneDataVolumeSize: "3Gi",
      controlPlaneStorageClass: "longhorn",
    });
  });

  it("needs authentication", async () => {
    expect((await api.rest("POST", "/clusters", { body: { name: "anon" } })).status).toBe(401);
  });
});
