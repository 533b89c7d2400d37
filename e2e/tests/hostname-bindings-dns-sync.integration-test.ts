import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudflareApiStandIn, type CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { waitFor } from "@e2e/env/wait-for";

/**
 * A binding change starts a DNS automation pass at once: with automation on (against the local
 * Cloudflare stand-in), creating a platform-managed binding over REST puts its CNAME into the zone,
 * and deleting it removes the binding's record — with no periodic loop running in this process (the
 * in-process API runs no jobs or loops).
 */
let api: InProcessApi;
let cf: CloudflareApiStandIn;
let alice: { id: string; cookie: string };
const BASE = "apps.example.test";

beforeAll(async () => {
  cf = await startCloudflareApiStandIn({ zoneName: "example.test" });
  api = await startInProcessApi("hostname_bindings_dns_sync", { KUBEBYON_CLOUDFLARE_API_BASE_URL: cf.baseUrl });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  const admin = await api.login("admin@example.test", "correct-horse-battery-staple");
  const saved = await api.rest("PATCH", "/admin/settings", {
    cookie: admin.cookie,
    body: {
      managed_workload_ingress_base_domain: BASE,
      managed_workload_ingress_dns: { enabled: true, active_provider: "cloudflare", record_target_hostname: "edge.example.test", cloudflare: { zone_id: cf.zoneId, api_token: cf.token } },
    },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
});

afterAll(async () => {
  await api?.close();
  await cf?.close();
});

describe("hostname binding changes and DNS automation", () => {
  it("creates the binding's CNAME right after the binding is created, and removes it on delete", async () => {
    const created = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name: "shop", control_plane_host: "203.0.113.7" } });
    const cluster = (await created.json()) as { id: string; managed_workload_ingress_cname_target: string };
    expect(cluster.managed_workload_ingress_cname_target).toMatch(new RegExp(`\\.${BASE.replace(/\./g, "\\.")}$`));
    // Creating the cluster started a pass of its own (cluster-dns-sync.integration-test.ts): its CNAME comes first.
    await waitFor("the cluster's CNAME in the zone", () => Promise.resolve(cf.byName(cluster.managed_workload_ingress_cname_target)), (r) => r.length === 1);
    expect(cf.byName(`www.${BASE}`)).toEqual([]);

    const res = await api.rest("POST", `/clusters/${cluster.id}/hostname-bindings`, { cookie: alice.cookie, body: { hostname: `www.${BASE}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    const binding = (await res.json()) as { id: string; dns_management_scope: string };
    expect(binding.dns_management_scope).toBe("platform_managed");

    const records = await waitFor("the binding's CNAME in the zone", () => Promise.resolve(cf.byName(`www.${BASE}`)), (r) => r.length === 1);
    expect(records[0]).toMatchObject({ type: "CNAME", content: cluster.managed_workload_ingress_cname_target });
    expect(cf.byName(cluster.managed_workload_ingress_cname_target)[0]).toMatchObject({ type: "CNAME", content: "edge.example.test" });

    const deleted = await api.rest("DELETE", `/clusters/${cluster.id}/hostname-bindings/${binding.id}`, { cookie: alice.cookie });
    expect(deleted.status).toBe(200);
    await waitFor("the binding's CNAME to go", () => Promise.resolve(cf.byName(`www.${BASE}`)), (r) => r.length === 0);
    expect(cf.byName(cluster.managed_workload_ingress_cname_target)).toHaveLength(1);
  });
});
