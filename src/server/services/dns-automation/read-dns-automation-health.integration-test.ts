import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import type { Db } from "@/server/infra/db/client";
import { createLogger } from "@/server/observability/logger";
import { startDnsAutomationFixture, type DnsAutomationFixture } from "./dns-automation.test-fixtures";
import { readDnsAutomationHealth } from "./read-dns-automation-health";
import { syncManagedDns, type DnsSyncDeps } from "./sync-managed-dns";

// Real PostgreSQL and the Cloudflare stand-in: the statuses the summary counts are written by real
// sync passes (success, a provider outage, recovery), not by the test.
let f: DnsAutomationFixture;
let db: Db;
let cf: CloudflareApiStandIn;
let clock = new Date("2026-12-01T10:00:00Z");
const BASE = "apps.example.test";

const deps = (): DnsSyncDeps => f.deps({ now: () => clock, log: createLogger({ level: "error" }) });
const tick = () => (clock = new Date(clock.getTime() + 60_000));
const setDns = (enabled: boolean) => f.setDns({ enabled, recordTargetHostname: "ingress.example.test" });
const cluster = (cnameTarget: string | null, status?: "ready" | "deleting") => f.cluster(cnameTarget, status);
const binding = (clusterId: string, hostname: string, scope: "platform_managed" | "self_managed") => f.binding(clusterId, hostname, scope);

beforeAll(async () => {
  f = await startDnsAutomationFixture("dns_automation_health");
  ({ db, cf } = f);
});

afterAll(async () => {
  await f?.close();
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
