import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudflareApiStandIn, type CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { waitFor } from "@e2e/env/wait-for";
import { requestManagedDnsSync } from "@/server/services/dns-automation/sync-managed-dns";

/**
 * Spec §1.4: records follow cluster create/delete and settings changes at once. Against the local
 * Cloudflare stand-in, with no periodic loop running in this process (the in-process API runs no jobs
 * or loops): saving settings that turn automation on puts the existing cluster's CNAME into the zone,
 * creating a cluster adds its CNAME, and deleting one removes it (a `deleting` cluster keeps no record).
 */
let api: InProcessApi;
let cf: CloudflareApiStandIn;
let alice: { id: string; cookie: string };
let admin: { cookie: string };
const BASE = "apps.example.test";
type ClusterJson = { id: string; status: string; managed_workload_ingress_cname_target: string | null };

const createCluster = async (name: string): Promise<ClusterJson> => {
  const res = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name, control_plane_host: "203.0.113.7" } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ClusterJson;
};
const saveSettings = async (body: unknown) => {
  const res = await api.rest("PATCH", "/admin/settings", { cookie: admin.cookie, body });
  expect(res.status, await res.clone().text()).toBe(200);
};
/** Waits until every pass this process started so far has finished, so the next record change can only come from the next trigger. */
const passesDone = () => requestManagedDnsSync(api.runtime.deps);
const recordsOf = (name: string) => waitFor(`the CNAME ${name}`, () => Promise.resolve(cf.byName(name)), (r) => r.length === 1);

beforeAll(async () => {
  cf = await startCloudflareApiStandIn({ zoneName: "example.test" });
  api = await startInProcessApi("cluster_dns_sync", { KUBEBYON_CLOUDFLARE_API_BASE_URL: cf.baseUrl });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  admin = await api.login("admin@example.test", "correct-horse-battery-staple");
});

afterAll(async () => {
  await api?.close();
  await cf?.close();
});

describe("cluster and settings changes and DNS automation", () => {
  let first: ClusterJson;

  it("saving settings that turn automation on puts an existing cluster's CNAME into the zone", async () => {
    // Base domain only: the cluster gets a CNAME target, automation is off, Cloudflare is not called.
    await saveSettings({ managed_workload_ingress_base_domain: BASE });
    first = await createCluster("first");
    expect(first.managed_workload_ingress_cname_target).toMatch(new RegExp(`\\.${BASE.replace(/\./g, "\\.")}$`));
    await passesDone();
    expect(cf.requests).toEqual([]);

    await saveSettings({
      managed_workload_ingress_dns: { enabled: true, active_provider: "cloudflare", record_target_hostname: "edge.example.test", cloudflare: { zone_id: cf.zoneId, api_token: cf.token } },
    });
    const [record] = await recordsOf(first.managed_workload_ingress_cname_target!);
    expect(record).toMatchObject({ type: "CNAME", content: "edge.example.test" });
    const synced = await waitFor("the cluster's DNS status", () => api.runtime.deps.db.cluster.findUniqueOrThrow({ where: { id: first.id } }), (c) => c.managedWorkloadIngressDnsStatus === "synced");
    expect(synced.managedWorkloadIngressDnsLastSyncedAt).not.toBeNull();
  });

  it("creating a cluster adds its CNAME; deleting one removes its CNAME and leaves the other's", async () => {
    const second = await createCluster("second");
    await recordsOf(second.managed_workload_ingress_cname_target!);
    await passesDone();

    const res = await api.rest("DELETE", `/clusters/${first.id}`, { cookie: alice.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as ClusterJson).status).toBe("deleting");
    await waitFor("the deleted cluster's CNAME to go", () => Promise.resolve(cf.byName(first.managed_workload_ingress_cname_target!)), (r) => r.length === 0);
    expect(cf.byName(second.managed_workload_ingress_cname_target!)).toHaveLength(1);
  });
});
