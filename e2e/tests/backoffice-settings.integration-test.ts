import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";

/**
 * System settings over the REST adapter on a real database: defaults, saving
 * and normalising, validation messages, the write-only API token (never in a
 * response or the audit log, masked hint, empty input keeps it, null removes it),
 * the audit trail, and the default public access mode reaching cluster create.
 */
let api: InProcessApi;
let admin: { cookie: string };
let alice: { id: string; cookie: string };

const TOKEN = "cf-secret-token-0123456789-WXYZ";
const ZONE = "0123456789abcdef0123456789abcdef";

type Settings = {
  join_base_url: string | null;
  public_base_url: string | null;
  default_cluster_public_access_mode: string;
  managed_workload_ingress_base_domain: string | null;
  managed_workload_ingress_dns: { enabled: boolean; record_target_hostname: string | null; cloudflare: { zone_id: string | null; api_token_set: boolean; api_token_hint: string | null } };
  updated_at: string | null;
  updated_by: { email: string } | null;
  public_access_provider: string;
};

const save = async (body: unknown) => {
  const res = await api.rest("PATCH", "/admin/settings", { cookie: admin.cookie, body });
  return { status: res.status, text: await res.text() };
};
const read = async () => (await (await api.rest("GET", "/admin/settings", { cookie: admin.cookie })).json()) as Settings;

beforeAll(async () => {
  api = await startInProcessApi("backoffice_settings");
  admin = await api.login("admin@example.test", "correct-horse-battery-staple");
  alice = await api.createUser("alice@example.test", "alice-password-123");
});

afterAll(() => api?.close());

describe("system settings", () => {
  it("starts from the defaults", async () => {
    expect(await read()).toEqual({
      join_base_url: null,
      public_base_url: null,
      default_cluster_public_access_mode: "nodeport",
      public_access_provider: "servicelb",
      public_access_provider_description: "LoadBalancer Service per cluster (k3s ServiceLB, MetalLB or a cloud load balancer)",
      managed_workload_ingress_base_domain: null,
      managed_workload_ingress_dns: { enabled: false, active_provider: "cloudflare", record_target_hostname: null, cloudflare: { zone_id: null, api_token_set: false, api_token_hint: null } },
      nodeport_host_address: null,
      oauth: {
        github: { client_id: null, client_secret_set: false, client_secret_hint: null, effective_source: "none" },
        google: { client_id: null, client_secret_set: false, client_secret_hint: null, effective_source: "none" },
      },
      smtp: { host: null, port: 587, secure: false, user: null, password_set: false, password_hint: null, from: null, effective_source: "none" },
      updated_at: null,
      updated_by: null,
    });
  });

  it("saves normalised values and never returns or audits the API token", async () => {
    const saved = await save({
      join_base_url: "https://join.example.com/",
      public_base_url: "https://console.example.com",
      default_cluster_public_access_mode: "loadbalancer",
      managed_workload_ingress_base_domain: "Apps.Example.com",
      managed_workload_ingress_dns: { enabled: true, record_target_hostname: "edge.example.com", cloudflare: { zone_id: ZONE, api_token: TOKEN } },
    });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(TOKEN);
    const settings = await read();
    expect(settings).toMatchObject({
      join_base_url: "https://join.example.com",
      default_cluster_public_access_mode: "loadbalancer",
      managed_workload_ingress_base_domain: "apps.example.com",
      managed_workload_ingress_dns: { enabled: true, record_target_hostname: "edge.example.com", cloudflare: { zone_id: ZONE, api_token_set: true, api_token_hint: "••••WXYZ" } },
      updated_by: { email: "admin@example.test" },
    });
    expect(JSON.stringify(settings)).not.toContain(TOKEN);

    const db = api.runtime.deps.db;
    const stored = await db.systemSetting.findUniqueOrThrow({ where: { key: "managed_workload_ingress_dns" } });
    expect(stored.value).toMatchObject({ cloudflare: { api_token: TOKEN } });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "settings.update" }, orderBy: { createdAt: "desc" } });
    expect(audit.metadata).toMatchObject({ changed: expect.arrayContaining(["join_base_url", "managed_workload_ingress_dns"]) });
    expect(JSON.stringify(audit.metadata)).not.toContain(TOKEN);
    expect(JSON.stringify(audit.metadata)).toContain("[set]");
  });

  it("keeps the stored token when the field is empty or absent, and removes it only on null", async () => {
    expect((await save({ managed_workload_ingress_dns: { cloudflare: { api_token: "" } } })).status).toBe(200);
    expect((await save({ public_base_url: "https://other.example.com" })).status).toBe(200);
    expect((await read()).managed_workload_ingress_dns.cloudflare).toMatchObject({ api_token_set: true, api_token_hint: "••••WXYZ" });

    const stillEnabled = await save({ managed_workload_ingress_dns: { cloudflare: { api_token: null } } });
    expect(stillEnabled.status).toBe(400);
    expect(JSON.parse(stillEnabled.text).message).toBe("DNS automation needs cloudflare.api_token. Fill them in or turn DNS automation off.");

    expect((await save({ managed_workload_ingress_dns: { enabled: false, cloudflare: { api_token: null } } })).status).toBe(200);
    expect((await read()).managed_workload_ingress_dns).toMatchObject({ enabled: false, cloudflare: { api_token_set: false, api_token_hint: null } });
  });

  it("explains invalid values with 400 and saves nothing from a rejected request", async () => {
    const before = await read();
    for (const [body, message] of [
      [{ join_base_url: "ftp://join.example.com" }, "join_base_url must start with http:// or https://."],
      [{ public_base_url: "console.example.com" }, "public_base_url must be a full URL starting with http:// or https://, for example https://kubebyon.example.com."],
      [{ join_base_url: "https://ok.example.com", managed_workload_ingress_base_domain: "https://apps.example.com" }, "managed_workload_ingress_base_domain must be a DNS name"],
      [{ managed_workload_ingress_dns: { cloudflare: { zone_id: "not-a-zone" } } }, "cloudflare.zone_id must be the 32-character Zone ID"],
      [{ managed_workload_ingress_dns: { enabled: true } }, "DNS automation needs cloudflare.api_token."],
    ] as const) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(res.text).message).toContain(message);
    }
    expect((await save({ default_cluster_public_access_mode: "haproxy" })).status).toBe(400);
    expect(await read()).toEqual(before);
  });

  it("shows the public access provider read-only: the deployment's value is accepted and stores nothing, another is refused", async () => {
    const before = await read();
    const refused = await save({ public_access_provider: "haproxy", public_base_url: "https://other.example.com" });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).message).toBe(
      "public_access_provider cannot be changed here: this deployment uses servicelb, set by KUBEBYON_PUBLIC_ACCESS_PROVIDER (chart value publicAccess.provider); restart to change.",
    );
    // Nothing of the refused request is saved, not even its other fields.
    expect(await read()).toEqual(before);

    // What GET returned may be sent back unchanged (a form that round-trips the view).
    expect((await save({ public_access_provider: "servicelb" })).status).toBe(200);
    expect(await read()).toMatchObject({ public_access_provider: "servicelb", updated_at: before.updated_at });
    expect(await api.runtime.deps.db.systemSetting.count({ where: { key: "public_access_provider" } })).toBe(0);
  });

  it("clears a value on null or an empty string", async () => {
    expect((await save({ public_base_url: "", join_base_url: null })).status).toBe(200);
    expect(await read()).toMatchObject({ public_base_url: null, join_base_url: null });
    expect(await api.runtime.deps.db.systemSetting.count({ where: { key: { in: ["public_base_url", "join_base_url"] } } })).toBe(0);
  });

  it("is for administrators only", async () => {
    expect((await api.rest("GET", "/admin/settings", { cookie: alice.cookie })).status).toBe(403);
    expect((await api.rest("PATCH", "/admin/settings", { cookie: alice.cookie, body: { join_base_url: "https://evil.example.com" } })).status).toBe(403);
  });
});

describe("default cluster public access mode", () => {
  const createCluster = async (body: Record<string, unknown>) =>
    (await (await api.rest("POST", "/clusters", { cookie: alice.cookie, body })).json()) as { public_access_enabled: boolean; public_access_mode: string };

  it("applies to new clusters that do not choose, for each of nodeport, loadbalancer and off", async () => {
    await save({ default_cluster_public_access_mode: "loadbalancer" });
    expect(await createCluster({ name: "lb by default", control_plane_host: "k8s.example.com" })).toMatchObject({ public_access_enabled: true, public_access_mode: "loadbalancer" });

    await save({ default_cluster_public_access_mode: "off" });
    expect(await createCluster({ name: "private by default" })).toMatchObject({ public_access_enabled: false, public_access_mode: "off" });
    expect(await createCluster({ name: "chooses nodeport", public_access_mode: "nodeport", control_plane_host: "203.0.113.5" })).toMatchObject({
      public_access_enabled: true,
      public_access_mode: "nodeport",
    });

    await save({ default_cluster_public_access_mode: "nodeport" });
    expect(await createCluster({ name: "np by default", control_plane_host: "203.0.113.6" })).toMatchObject({ public_access_enabled: true, public_access_mode: "nodeport" });
  });
});
