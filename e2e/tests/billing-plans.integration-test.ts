import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * Admin plan catalogue through the REST adapter on a real database:
 * create/update/activate/deactivate/delete, validation messages, one default
 * plan at a time, a plan in use cannot be deleted, audit rows, and normal
 * users refused on every admin path.
 */
let api: InProcessApi;
let admin: { id: string; cookie: string };
let user: { id: string; cookie: string };

beforeAll(async () => {
  api = await startInProcessApi("billing_plans");
  admin = await api.createUser("boss@example.test", "boss-password-123", "admin");
  user = await api.createUser("user@example.test", "user-password-123");
});
afterAll(() => api?.close());

type Body = Record<string, unknown> & { id: string; message?: string };

async function call(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, cookie: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const res = await api.rest(method, path, { cookie, body });
  return { status: res.status, body: (await res.json()) as Body };
}

// The vcluster chart's own control plane: what a plan gets when the admin sizes nothing.
const UPSTREAM_CONTROL_PLANE = {
  control_plane_cpu_request: "200m",
  control_plane_cpu_limit: null,
  control_plane_memory_request: "256Mi",
  control_plane_memory_limit: "4Gi",
  control_plane_ephemeral_storage_request: "1Gi",
  control_plane_ephemeral_storage_limit: "10Gi",
  control_plane_data_volume_size: "5Gi",
  control_plane_storage_class: null,
};

const STARTER = { code: "starter", name: "Starter", price_cents: 900, currency: "cny", cluster_quota: 1, node_quota: 2, cpu_quota: "2", memory_quota: "4Gi" };

describe("admin plans", () => {
  let starterId: string;

  it("creates a plan with the fields given and defaults for the rest, and audits it", async () => {
    const created = await call("POST", "/admin/plans", admin.cookie, STARTER);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...STARTER, currency: "CNY", active: true, is_default: false, description: null, sort: 0, ...UPSTREAM_CONTROL_PLANE });
    expect(created.body.id).toMatch(/^pln_/);
    starterId = created.body.id;
    const audit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "plan.create", targetId: starterId } });
    expect(audit).toMatchObject({ actorUserId: admin.id, targetType: "plan", ip: "198.51.100.10" });

    const again = await call("POST", "/admin/plans", admin.cookie, STARTER);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A plan with code "starter" already exists. Choose another code or edit that plan.');
  });

  it("refuses invalid fields with messages that say what is expected", async () => {
    const badCpu = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "x1", cpu_quota: "2Gi" });
    expect(badCpu.status).toBe(400);
    expect(JSON.stringify(badCpu.body)).toContain("cpu_quota must be a Kubernetes CPU quantity");
    const half = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "x2", memory_quota: null });
    expect(half.status).toBe(400);
    expect(half.body.message).toMatch(/Set cpu_quota and memory_quota together/);
    const badCode = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "Not OK" });
    expect(badCode.status).toBe(400);
    expect(JSON.stringify(badCode.body)).toContain("code must be 1-40 lowercase letters");
    const negative = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "x3", cluster_quota: -1 });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain("cluster_quota cannot be negative");
  });

  it("refuses a plan whose quota cannot admit its control plane, on create and on update, naming the numbers and the fix", async () => {
    const before = await api.runtime.deps.db.plan.count();
    // The case: a 2Gi plan with the chart's default control plane (memory limit 4Gi).
    const twoGi = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "two-gi", memory_quota: "2Gi" });
    expect(twoGi.status).toBe(400);
    expect(twoGi.body.message).toBe("memory_quota 2Gi is below the control plane's memory limit 4Gi: raise memory_quota or lower control_plane_memory_limit.");
    const lowCpu = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "low-cpu", cpu_quota: "100m", memory_quota: "4096Mi" });
    expect(lowCpu.body.message).toBe("cpu_quota 100m is below the control plane's cpu request 200m: raise cpu_quota or lower control_plane_cpu_request.");
    const inverted = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "inverted", control_plane_memory_request: "8Gi" });
    expect(inverted.body.message).toMatch(/^control_plane_memory_request 8Gi is above control_plane_memory_limit 4Gi/);
    expect(await api.runtime.deps.db.plan.count()).toBe(before);

    // Sized to fit: a small plan with a small control plane is saved.
    const small = await call("POST", "/admin/plans", admin.cookie, {
      ...STARTER,
      code: "small",
      cpu_quota: "500m",
      memory_quota: "1Gi",
      control_plane_cpu_request: "100m",
      control_plane_memory_limit: "1Gi",
      control_plane_ephemeral_storage_request: "512Mi",
      control_plane_ephemeral_storage_limit: "2Gi",
      control_plane_data_volume_size: "2Gi",
      control_plane_storage_class: "longhorn",
    });
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ control_plane_memory_limit: "1Gi", control_plane_data_volume_size: "2Gi", control_plane_storage_class: "longhorn", control_plane_cpu_limit: null });

    // Update: the plan as it would be is checked, with the stored fields it keeps.
    const shrink = await call("PATCH", `/admin/plans/${small.body.id}`, admin.cookie, { memory_quota: "512Mi" });
    expect(shrink.status).toBe(400);
    expect(shrink.body.message).toBe("memory_quota 512Mi is below the control plane's memory limit 1Gi: raise memory_quota or lower control_plane_memory_limit.");
    const grow = await call("PATCH", `/admin/plans/${small.body.id}`, admin.cookie, { control_plane_cpu_limit: "1" });
    expect(grow.body.message).toBe("cpu_quota 500m is below the control plane's cpu limit 1: raise cpu_quota or lower control_plane_cpu_limit.");
    const both = await call("PATCH", `/admin/plans/${small.body.id}`, admin.cookie, { memory_quota: "2Gi", control_plane_memory_limit: "2Gi", control_plane_storage_class: "" });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ memory_quota: "2Gi", control_plane_memory_limit: "2Gi", control_plane_storage_class: null });
    const actions = await api.runtime.deps.db.auditEvent.findMany({ where: { targetId: small.body.id }, orderBy: { createdAt: "asc" }, select: { action: true } });
    expect(actions.map((a) => a.action)).toEqual(["plan.create", "plan.update"]);
    expect((await call("DELETE", `/admin/plans/${small.body.id}`, admin.cookie)).status).toBe(200);
  });

  it("refuses control-plane quantities and storage class names Kubernetes would not take", async () => {
    const badLimit = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "x4", control_plane_memory_limit: "4GB" });
    expect(badLimit.status).toBe(400);
    expect(JSON.stringify(badLimit.body)).toContain("control_plane_memory_limit must be a Kubernetes memory quantity");
    const badCpu = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "x5", control_plane_cpu_request: "1Gi" });
    expect(JSON.stringify(badCpu.body)).toContain("control_plane_cpu_request must be a Kubernetes CPU quantity");
    const badVolume = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "x6", control_plane_data_volume_size: "0" });
    expect(JSON.stringify(badVolume.body)).toContain("control_plane_data_volume_size must be a Kubernetes storage quantity");
    const badClass = await call("POST", "/admin/plans", admin.cookie, { ...STARTER, code: "x7", control_plane_storage_class: "Fast_SSD" });
    expect(JSON.stringify(badClass.body)).toContain("control_plane_storage_class must be a StorageClass name");
  });

  it("updates only the fields sent, and keeps a single default plan", async () => {
    const patched = await call("PATCH", `/admin/plans/${starterId}`, admin.cookie, { node_quota: 3, is_default: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ node_quota: 3, is_default: true, price_cents: 900, active: true, cpu_quota: "2" });

    const pro = await call("POST", "/admin/plans", admin.cookie, { code: "pro", name: "Pro", cluster_quota: 5, node_quota: 10, is_default: true });
    expect(pro.body).toMatchObject({ is_default: true, cpu_quota: null, memory_quota: null, price_cents: 0, ...UPSTREAM_CONTROL_PLANE });
    const list = await call("GET", "/admin/plans", admin.cookie);
    const items = list.body.items as Array<{ code: string; is_default: boolean; order_count: number }>;
    expect(items.filter((p) => p.is_default).map((p) => p.code)).toEqual(["pro"]);

    const cleared = await call("PATCH", `/admin/plans/${starterId}`, admin.cookie, { cpu_quota: "", memory_quota: null });
    expect(cleared.body).toMatchObject({ cpu_quota: null, memory_quota: null });
    const halfClear = await call("PATCH", `/admin/plans/${pro.body.id}`, admin.cookie, { cpu_quota: "4" });
    expect(halfClear.status).toBe(400);
  });

  it("deactivates and reactivates; a deactivated plan is off the catalogue and stops being the default", async () => {
    const pro = (await call("GET", "/admin/plans", admin.cookie)).body.items as Array<{ id: string; code: string }>;
    const proId = pro.find((p) => p.code === "pro")!.id;
    const off = await call("PATCH", `/admin/plans/${proId}`, admin.cookie, { active: false });
    expect(off.body).toMatchObject({ active: false, is_default: false });
    const offered = await call("GET", "/plans", user.cookie);
    expect((offered.body.items as Array<{ code: string }>).map((p) => p.code)).toEqual(["starter"]);
    const defaultInactive = await call("PATCH", `/admin/plans/${proId}`, admin.cookie, { is_default: true });
    expect(defaultInactive.status).toBe(400);
    expect(defaultInactive.body.message).toMatch(/A default plan must be active/);
    const on = await call("PATCH", `/admin/plans/${proId}`, admin.cookie, { active: true });
    expect(on.body).toMatchObject({ active: true });
    const actions = await api.runtime.deps.db.auditEvent.findMany({ where: { targetId: proId }, orderBy: { createdAt: "asc" }, select: { action: true } });
    // The refused half-clear above wrote nothing, its audit row included.
    expect(actions.map((a) => a.action)).toEqual(["plan.create", "plan.deactivate", "plan.activate"]);
  });

  it("deletes a plan never used, and refuses to delete one with orders", async () => {
    const spare = await call("POST", "/admin/plans", admin.cookie, { code: "spare", name: "Spare", cluster_quota: 1, node_quota: 1 });
    expect((await call("DELETE", `/admin/plans/${spare.body.id}`, admin.cookie)).body).toEqual({ id: spare.body.id });
    expect((await call("DELETE", `/admin/plans/${spare.body.id}`, admin.cookie)).status).toBe(404);

    const order = await call("POST", "/admin/orders", admin.cookie, { user_id: user.id, plan_id: starterId });
    expect(order.status).toBe(200);
    const inUse = await call("DELETE", `/admin/plans/${starterId}`, admin.cookie);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('Plan "starter" is in use (1 order(s), 0 cluster(s), 0 user(s)) and cannot be deleted. Deactivate it instead so nobody new gets it.');
    expect(await api.runtime.deps.db.plan.count({ where: { id: starterId } })).toBe(1);
  });

  it("keeps the admission policy fields: none by default, round-trip on create and update, cleared with \"\" or null, audited", async () => {
    const none = await call("POST", "/admin/plans", admin.cookie, { code: "hooks-none", name: "No policy", cluster_quota: 1, node_quota: 1 });
    expect(none.body).toMatchObject({
      admission_max_pods: null,
      admission_pod_cpu_requests: null,
      admission_pod_memory_requests: null,
      admission_deny_host_namespaces: false,
      admission_deny_privileged: false,
      admission_deny_host_path: false,
    });
    const policy = { admission_max_pods: 50, admission_pod_cpu_requests: "4", admission_pod_memory_requests: "8Gi", admission_deny_host_namespaces: true, admission_deny_privileged: true, admission_deny_host_path: false };
    const created = await call("POST", "/admin/plans", admin.cookie, { code: "hooks", name: "Hooks", cluster_quota: 1, node_quota: 3, ...policy });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject(policy);
    const createAudit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "plan.create", targetId: created.body.id } });
    expect(createAudit.metadata).toMatchObject({ admissionMaxPods: 50, admissionPodCpuRequests: "4", admissionPodMemoryRequests: "8Gi", admissionDenyHostNamespaces: true, admissionDenyPrivileged: true, admissionDenyHostPath: false });

    const changed = await call("PATCH", `/admin/plans/${created.body.id}`, admin.cookie, { admission_pod_cpu_requests: "1500m", admission_deny_host_path: true, admission_max_pods: null, admission_pod_memory_requests: "" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ ...policy, admission_pod_cpu_requests: "1500m", admission_deny_host_path: true, admission_max_pods: null, admission_pod_memory_requests: null });
    const listed = ((await call("GET", "/admin/plans", admin.cookie)).body.items as Body[]).find((p) => p.id === created.body.id);
    expect(listed).toMatchObject({ admission_pod_cpu_requests: "1500m", admission_max_pods: null });
    const updateAudit = await api.runtime.deps.db.auditEvent.findFirstOrThrow({ where: { action: "plan.update", targetId: created.body.id } });
    expect(updateAudit.metadata).toEqual({ admissionPodCpuRequests: "1500m", admissionDenyHostPath: true, admissionMaxPods: null, admissionPodMemoryRequests: null });
  });

  it("keeps the kubeconfig bound: none by default, round-trip, cleared with null, refused outside 600 s to 7 days", async () => {
    const none = await call("POST", "/admin/plans", admin.cookie, { code: "kc-none", name: "No bound", cluster_quota: 1, node_quota: 1 });
    expect(none.body).toMatchObject({ kubeconfig_max_ttl_seconds: null });
    const bounded = await call("POST", "/admin/plans", admin.cookie, { code: "kc-2h", name: "Two hours", cluster_quota: 1, node_quota: 1, kubeconfig_max_ttl_seconds: 7200 });
    expect(bounded.body).toMatchObject({ kubeconfig_max_ttl_seconds: 7200 });
    const cleared = await call("PATCH", `/admin/plans/${bounded.body.id}`, admin.cookie, { kubeconfig_max_ttl_seconds: null });
    expect(cleared.body).toMatchObject({ kubeconfig_max_ttl_seconds: null });
    const short = await call("POST", "/admin/plans", admin.cookie, { code: "kc-short", name: "Short", cluster_quota: 1, node_quota: 1, kubeconfig_max_ttl_seconds: 60 });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("kubeconfig_max_ttl_seconds must be at least 600");
  });

  it("refuses admission fields that are not Kubernetes quantities or counts, saying what is expected", async () => {
    const before = await api.runtime.deps.db.plan.count();
    const base = { code: "hooks-bad", name: "Bad", cluster_quota: 1, node_quota: 1 };
    const cpu = await call("POST", "/admin/plans", admin.cookie, { ...base, admission_pod_cpu_requests: "2Gi" });
    expect(cpu.status).toBe(400);
    expect(JSON.stringify(cpu.body)).toContain('admission_pod_cpu_requests must be a Kubernetes CPU quantity such as \\"4\\", \\"1.5\\" or \\"500m\\"');
    const memory = await call("POST", "/admin/plans", admin.cookie, { ...base, admission_pod_memory_requests: "8GB" });
    expect(memory.status).toBe(400);
    expect(JSON.stringify(memory.body)).toContain("admission_pod_memory_requests must be a Kubernetes memory quantity");
    const pods = await call("POST", "/admin/plans", admin.cookie, { ...base, admission_max_pods: -1 });
    expect(pods.status).toBe(400);
    expect(JSON.stringify(pods.body)).toContain("admission_max_pods cannot be negative");
    const flag = await call("POST", "/admin/plans", admin.cookie, { ...base, admission_deny_privileged: "yes" });
    expect(flag.status).toBe(400);
    expect(JSON.stringify(flag.body)).toContain("admission_deny_privileged must be true or false");
    expect(await api.runtime.deps.db.plan.count()).toBe(before);
  });

  it("answers a normal user FORBIDDEN on every admin plan path, and changes nothing", async () => {
    const before = await api.runtime.deps.db.plan.count();
    const attempts = [
      await call("GET", "/admin/plans", user.cookie),
      await call("POST", "/admin/plans", user.cookie, { ...STARTER, code: "mine" }),
      await call("PATCH", `/admin/plans/${starterId}`, user.cookie, { cluster_quota: 99 }),
      await call("DELETE", `/admin/plans/${starterId}`, user.cookie),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(attempts[0]!.body.message).toBe("This action needs an administrator account.");
    expect(await api.runtime.deps.db.plan.count()).toBe(before);
    expect((await api.runtime.deps.db.plan.findUniqueOrThrow({ where: { id: starterId } })).clusterQuota).toBe(1);
  });
});
