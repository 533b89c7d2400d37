import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudflareApiStandIn, type CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import { CloudflareDnsProvider } from "@/server/infra/dns/cloudflare-dns-provider";
import { createLogger } from "@/server/observability/logger";
import { dnsToJson, SYSTEM_SETTING_KEYS } from "@/server/services/settings/read-system-settings";
import { readDnsAutomationHealth } from "./read-dns-automation-health";
import { syncManagedDns, type DnsSyncDeps } from "./sync-managed-dns";

// Real PostgreSQL and the Cloudflare stand-in: the statuses the summary counts are written by real
// sync passes (success, a provider outage, recovery), not by the test.
let database: TestDatabase;
let db: Db;
let cf: CloudflareApiStandIn;
let userId: string;
let clock = new Date("2026-12-01T10:00:00Z");
const BASE = "apps.example.test";

const deps = (): DnsSyncDeps => ({
  db,
  log: createLogger({ level: "error" }),
  now: () => clock,
  dnsPassLock: new PgSessionLock({ connectionString: database.url, key: sessionLocks.managedDnsSync, applicationName: "dns health test", waitTimeoutMs: 30_000 }),
  dnsProviders: ({ zoneId, apiToken }) => new CloudflareDnsProvider({ baseUrl: cf.baseUrl, zoneId, apiToken, timeoutMs: 5_000 }),
});
const tick = () => (clock = new Date(clock.getTime() + 60_000));

async function setDns(enabled: boolean) {
  const value = dnsToJson({ enabled, activeProvider: "cloudflare", recordTargetHostname: "ingress.example.test", cloudflare: { zoneId: cf.zoneId, apiToken: cf.token } });
  const key = SYSTEM_SETTING_KEYS.managedWorkloadIngressDns;
  await db.systemSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

async function cluster(cnameTarget: string | null, status: "ready" | "deleting" = "ready") {
  const id = newId("cl");
  const slug = id.replace(/_/g, "-");
  await db.cluster.create({ data: { id, ownerId: userId, name: "dns", vclusterName: `vc-${slug}`, namespace: `ns-${slug}`, status, managedWorkloadIngressCnameTarget: cnameTarget } });
  return id;
}

async function binding(clusterId: string, hostname: string, scope: "platform_managed" | "self_managed") {
  const id = newId("hb");
  await db.hostnameBinding.create({ data: { id, clusterId, hostname, dnsManagementScope: scope } });
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase("dns_automation_health");
  db = createPrismaClient(database.url);
  cf = await startCloudflareApiStandIn({ zoneName: "example.test" });
  userId = newId("usr");
  await db.user.create({ data: { id: userId, email: `${userId}@example.test`, name: "dns" } });
});

afterAll(async () => {
  await cf?.close();
  await db?.$disconnect();
  await database?.drop();
});

describe("readDnsAutomationHealth", () => {
  it("is off with nothing configured and counts nothing on an empty platform", async () => {
    expect(await readDnsAutomationHealth({ db })).toEqual({
      enabled: false,
      configured: false,
      status: "off",
      clusters: { disabled: 0, pending: 0, synced: 0, error: 0 },
      bindings: { disabled: 0, pending: 0, synced: 0, error: 0 },
      last_synced_at: null,
      latest_error: null,
    });
  });

  it("counts live clusters and bindings by the status passes wrote, names the latest failure, and shows it recovered", async () => {
    const a = await cluster(`cl-a.${BASE}`);
    await cluster(null); // no CNAME target: its DNS status stays disabled
    const shop = await binding(a, `shop.${BASE}`, "platform_managed");
    await binding(a, "app.customer.test", "self_managed");
    // A cluster being deleted keeps no records and is left out of the summary.
    const gone = await cluster(`cl-gone.${BASE}`, "deleting");
    await binding(gone, `old.${BASE}`, "platform_managed");
    await setDns(true);

    await syncManagedDns(deps());
    const firstSync = clock.toISOString();
    const ok = await readDnsAutomationHealth({ db });
    expect(ok).toMatchObject({ enabled: true, configured: true, status: "ok", last_synced_at: firstSync, latest_error: null });
    expect(ok.clusters).toEqual({ disabled: 1, pending: 0, synced: 1, error: 0 });
    expect(ok.bindings).toEqual({ disabled: 1, pending: 0, synced: 1, error: 0 });

    // A provider outage: both records of cluster a fail in the same pass.
    tick();
    cf.failNext(50, 500);
    await syncManagedDns(deps());
    const down = await readDnsAutomationHealth({ db });
    expect(down.status).toBe("error");
    expect(down.clusters).toEqual({ disabled: 1, pending: 0, synced: 0, error: 1 });
    expect(down.bindings).toEqual({ disabled: 1, pending: 0, synced: 0, error: 1 });
    expect(down.last_synced_at).toBe(firstSync);
    expect(down.latest_error).toMatchObject({ source: "cluster", cluster_id: a, binding_id: null, name: `cl-a.${BASE}`, at: clock.toISOString(), current_status: "error" });
    expect(down.latest_error?.message).toMatch(/HTTP 500/);
    expect(JSON.stringify(down)).not.toContain(cf.token);

    // Recovery: statuses back to synced, the failure stays on record with its status now.
    tick();
    cf.failNext(0);
    await syncManagedDns(deps());
    const up = await readDnsAutomationHealth({ db });
    expect(up).toMatchObject({ status: "ok", last_synced_at: clock.toISOString() });
    expect(up.clusters.error + up.bindings.error).toBe(0);
    expect(up.latest_error).toMatchObject({ source: "cluster", cluster_id: a, current_status: "synced" });

    // A later failure of one binding only is the latest error.
    tick();
    await db.hostnameBinding.update({ where: { id: shop }, data: { dnsManagementStatus: "error", dnsManagementLastError: "foreign record", dnsManagementLastErrorAt: clock } });
    const one = await readDnsAutomationHealth({ db });
    expect(one.bindings.error).toBe(1);
    expect(one.latest_error).toMatchObject({ source: "binding", cluster_id: a, binding_id: shop, name: `shop.${BASE}`, message: "foreign record", current_status: "error" });

    await setDns(false);
    expect((await readDnsAutomationHealth({ db })).status).toBe("off");
  });
});
