import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * Spec §1.3–§1.4 through the real REST adapter on a real database: cluster
 * CNAME targets follow managed_workload_ingress_base_domain (set at create,
 * re-derived on change, kept across renames, cleared with the domain), and
 * hostname bindings are listed, created and deleted per cluster, owner-scoped.
 */
let api: InProcessApi;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let aliceKey: string;
let adminCookie: string;

interface ClusterBody {
  id: string;
  name: string;
  managed_workload_ingress_cname_target: string | null;
}
interface Binding {
  id: string;
  cluster_id: string;
  hostname: string;
  status: string;
  last_error: string | null;
  record_target_hostname: string | null;
  dns_management_scope: string;
  dns_management_status: string;
  dns_management_message: string | null;
  dns_management_last_synced_at: string | null;
  dns_management_last_error: string | null;
  dns_management_last_error_at: string | null;
  created_at: string;
  updated_at: string;
}

async function json<T>(res: Response, expected: number): Promise<T> {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(expected);
  return body;
}
const message = async (res: Response, expected: number) => (await json<{ message: string }>(res, expected)).message;

const saveBaseDomain = (value: string | null) => api.rest("PATCH", "/admin/settings", { cookie: adminCookie, body: { managed_workload_ingress_base_domain: value } });
const createCluster = async (cookie: string, name: string) => json<ClusterBody>(await api.rest("POST", "/clusters", { cookie, body: { name, control_plane_host: "203.0.113.7" } }), 200);
const getCluster = async (id: string, cookie = alice.cookie) => json<ClusterBody>(await api.rest("GET", `/clusters/${id}`, { cookie }), 200);
const bind = (clusterId: string, hostname: string, auth: { cookie?: string; token?: string } = { cookie: alice.cookie }) =>
  api.rest("POST", `/clusters/${clusterId}/hostname-bindings`, { ...auth, body: { hostname } });
const list = async (clusterId: string, auth: { cookie?: string; token?: string } = { cookie: alice.cookie }) =>
  (await json<{ items: Binding[] }>(await api.rest("GET", `/clusters/${clusterId}/hostname-bindings`, auth), 200)).items;

beforeAll(async () => {
  api = await startInProcessApi("hostname_bindings_api");
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  adminCookie = (await api.login("admin@example.test", "correct-horse-battery-staple")).cookie;
  aliceKey = (await json<{ secret: string }>(await api.rest("POST", "/api-keys", { cookie: alice.cookie, body: { name: "alice's script", current_password: "alice-password-123" } }), 200)).secret;
});

afterAll(() => api?.close());

describe("cluster CNAME targets", () => {
  let first: ClusterBody;

  it("has none without a base domain, and binding a hostname is refused naming the setting to fix", async () => {
    first = await createCluster(alice.cookie, "shop");
    expect(first.managed_workload_ingress_cname_target).toBeNull();
    expect(await message(await bind(first.id, "shop.example.org"), 412)).toBe(
      "This cluster has no CNAME target yet, so there is nothing to point a hostname at: an administrator must set managed_workload_ingress_base_domain in System settings first.",
    );
    expect(await list(first.id)).toEqual([]);
  });

  it("gives every existing cluster a target when the base domain is set, and new clusters one at create", async () => {
    expect((await saveBaseDomain("Apps.Example.TEST")).status).toBe(200);
    const target = (await getCluster(first.id)).managed_workload_ingress_cname_target;
    expect(target).toBe(`${first.id.replace("_", "-")}.apps.example.test`);
    const second = await createCluster(alice.cookie, "blog");
    expect(second.managed_workload_ingress_cname_target).toBe(`${second.id.replace("_", "-")}.apps.example.test`);
    expect(second.managed_workload_ingress_cname_target).not.toBe(target);
  });

  it("keeps the target across a rename", async () => {
    const before = (await getCluster(first.id)).managed_workload_ingress_cname_target;
    // No host runs the create job here; a ready cluster is what a user renames.
    await api.runtime.deps.db.cluster.update({ where: { id: first.id }, data: { status: "ready" } });
    await json(await api.rest("PATCH", `/clusters/${first.id}`, { cookie: alice.cookie, body: { name: "shop renamed" } }), 200);
    const after = await getCluster(first.id);
    expect(after.name).toBe("shop renamed");
    expect(after.managed_workload_ingress_cname_target).toBe(before);
  });

  it("refuses a base domain too long to carry cl-<id>. in front, and changes nothing", async () => {
    const tooLong = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(40)}`;
    expect(await message(await saveBaseDomain(tooLong), 400)).toMatch(/^managed_workload_ingress_base_domain must be at most 229 characters/);
    expect((await getCluster(first.id)).managed_workload_ingress_cname_target).toBe(`${first.id.replace("_", "-")}.apps.example.test`);
  });
});

describe("hostname bindings", () => {
  let cluster: ClusterBody;
  let other: ClusterBody;
  let platform: Binding;
  let external: Binding;

  beforeAll(async () => {
    cluster = await createCluster(alice.cookie, "bindings");
    other = await createCluster(alice.cookie, "other");
  });

  it("creates a platform-managed binding under the base domain, pending, pointing at the cluster's target", async () => {
    platform = await json<Binding>(await bind(cluster.id, "  Shop.Apps.Example.TEST. "), 200);
    expect(platform).toEqual({
      id: expect.stringMatching(/^hb_[a-z0-9]{20}$/),
      cluster_id: cluster.id,
      hostname: "shop.apps.example.test",
      status: "pending",
      last_error: null,
      record_target_hostname: cluster.managed_workload_ingress_cname_target,
      dns_management_scope: "platform_managed",
      dns_management_status: "disabled",
      dns_management_message: null,
      dns_management_last_synced_at: null,
      dns_management_last_error: null,
      dns_management_last_error_at: null,
      // No workload edge runs in this deployment: nothing has served the hostname.
      workload_edge_status: "disabled",
      workload_edge_message: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("creates a self-managed binding for a hostname outside the base domain, also by API key", async () => {
    external = await json<Binding>(await bind(cluster.id, "www.alice-shop.example", { token: aliceKey }), 200);
    expect(external).toMatchObject({ hostname: "www.alice-shop.example", dns_management_scope: "self_managed", status: "pending", record_target_hostname: cluster.managed_workload_ingress_cname_target });
    expect((await list(cluster.id, { token: aliceKey })).map((b) => b.hostname)).toEqual(["shop.apps.example.test", "www.alice-shop.example"]);
  });

  it("ignores a dns_management_scope sent by the client: the scope is the platform's to compute", async () => {
    const res = await api.rest("POST", `/clusters/${cluster.id}/hostname-bindings`, { cookie: alice.cookie, body: { hostname: "api.alice-shop.example", dns_management_scope: "platform_managed" } });
    expect((await json<Binding>(res, 200)).dns_management_scope).toBe("self_managed");
  });

  it("refuses a hostname bound anywhere on the platform with a conflict naming it, whatever its case", async () => {
    expect(await message(await bind(other.id, "WWW.Alice-Shop.Example"), 409)).toBe(
      "The hostname www.alice-shop.example is already bound to a cluster on this platform. Each hostname can be bound once; delete that binding first or choose another hostname.",
    );
    const bobs = await createCluster(bob.cookie, "bob");
    expect(await message(await bind(bobs.id, "shop.apps.example.test", { cookie: bob.cookie }), 409)).toMatch(/^The hostname shop\.apps\.example\.test is already bound/);
  });

  it("refuses a cluster CNAME target (existing or of the reserved cl-<id> form) as a hostname", async () => {
    expect(await message(await bind(cluster.id, other.managed_workload_ingress_cname_target!), 409)).toBe(
      `The hostname ${other.managed_workload_ingress_cname_target} is a cluster CNAME target name (cl-<id>.apps.example.test) reserved by the platform; choose another hostname.`,
    );
    expect((await bind(cluster.id, "cl-notyetcreated.apps.example.test")).status).toBe(409);
    expect(await message(await bind(cluster.id, "apps.example.test"), 400)).toBe("apps.example.test is the platform's base domain itself; bind a name under it, e.g. app.apps.example.test.");
  });

  it("answers invalid hostnames 400 with what is wrong, wildcards included", async () => {
    expect(await message(await bind(cluster.id, "*.alice-shop.example"), 400)).toMatch(/^Wildcard hostnames such as "\*\.alice-shop\.example" are not supported/);
    expect(await message(await bind(cluster.id, "localhost"), 400)).toMatch(/single label/);
    expect(await message(await bind(cluster.id, "https://shop.example.org/"), 400)).toMatch(/without scheme, port, path/);
    expect(await message(await bind(cluster.id, `${"x".repeat(64)}.example.org`), 400)).toMatch(/each label has at most 63/);
    expect((await list(cluster.id)).length).toBe(3);
  });

  it("hides a cluster's bindings from another user (NOT_FOUND for the cluster) and shows them to an admin", async () => {
    for (const res of [
      await api.rest("GET", `/clusters/${cluster.id}/hostname-bindings`, { cookie: bob.cookie }),
      await bind(cluster.id, "bob.example.org", { cookie: bob.cookie }),
      await api.rest("DELETE", `/clusters/${cluster.id}/hostname-bindings/${platform.id}`, { cookie: bob.cookie }),
    ]) {
      expect(await message(res, 404)).toBe(`Cluster ${cluster.id} was not found.`);
    }
    expect((await list(cluster.id, { cookie: adminCookie })).map((b) => b.id)).toContain(platform.id);
  });

  it("finds a binding only under its own cluster's id, even for the owner of both", async () => {
    expect(await message(await api.rest("DELETE", `/clusters/${other.id}/hostname-bindings/${platform.id}`, { cookie: alice.cookie }), 404)).toBe(`Hostname binding ${platform.id} was not found.`);
    expect((await list(cluster.id)).map((b) => b.id)).toContain(platform.id);
  });

  it("deletes a binding, returns it, records the audit event, and frees the hostname", async () => {
    const deleted = await json<Binding>(await api.rest("DELETE", `/clusters/${cluster.id}/hostname-bindings/${external.id}`, { cookie: alice.cookie }), 200);
    expect(deleted).toMatchObject({ id: external.id, hostname: "www.alice-shop.example" });
    expect((await list(cluster.id)).map((b) => b.id)).not.toContain(external.id);
    expect(await message(await api.rest("DELETE", `/clusters/${cluster.id}/hostname-bindings/${external.id}`, { cookie: alice.cookie }), 404)).toBe(`Hostname binding ${external.id} was not found.`);
    const audit = await api.runtime.deps.db.auditEvent.findMany({ where: { action: { startsWith: "hostname_binding." }, targetId: cluster.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorUserId, (a.metadata as { hostname: string }).hostname])).toEqual([
      ["hostname_binding.create", alice.id, "shop.apps.example.test"],
      ["hostname_binding.create", alice.id, "www.alice-shop.example"],
      ["hostname_binding.create", alice.id, "api.alice-shop.example"],
      ["hostname_binding.delete", alice.id, "www.alice-shop.example"],
    ]);
    expect((await bind(other.id, "www.alice-shop.example")).status).toBe(200);
  });

  it("moves targets and scopes with the base domain, and clears targets when it is cleared", async () => {
    expect((await saveBaseDomain("alice-shop.example")).status).toBe(200);
    const moved = await getCluster(cluster.id);
    expect(moved.managed_workload_ingress_cname_target).toBe(`${cluster.id.replace("_", "-")}.alice-shop.example`);
    const byHost = Object.fromEntries((await list(cluster.id)).map((b) => [b.hostname, b]));
    expect(byHost["shop.apps.example.test"]).toMatchObject({ dns_management_scope: "self_managed", record_target_hostname: moved.managed_workload_ingress_cname_target, status: "pending" });
    expect(byHost["api.alice-shop.example"]).toMatchObject({ dns_management_scope: "platform_managed", record_target_hostname: moved.managed_workload_ingress_cname_target });

    expect((await saveBaseDomain(null)).status).toBe(200);
    expect((await getCluster(cluster.id)).managed_workload_ingress_cname_target).toBeNull();
    expect((await list(cluster.id)).every((b) => b.record_target_hostname === null && b.dns_management_scope === "self_managed")).toBe(true);
    expect(await message(await bind(cluster.id, "late.example.org"), 412)).toMatch(/must set managed_workload_ingress_base_domain/);
  });
});
