import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { createLogger } from "@/server/observability/logger";
import { startDnsAutomationFixture, type DnsAutomationFixture } from "./dns-automation.test-fixtures";
import { DNS_AUTOMATION_OFF_MESSAGE, requestManagedDnsSync, syncManagedDns, type DnsSyncDeps } from "./sync-managed-dns";

// Real PostgreSQL (migrated schema) and the Cloudflare stand-in over HTTP, with pages of 2 records so every
// listing pages. Rows and settings are changed the way the cluster jobs, the bindings API and the settings
// page change them; then a pass runs.
let f: DnsAutomationFixture;
let db: Db;
let cf: CloudflareApiStandIn;
const logLines: string[] = [];
let clock = new Date("2026-12-01T10:00:00Z");
const RECORD_TARGET = "ingress.example.test";
const BASE = "apps.example.test";

const deps = (token?: string): DnsSyncDeps => f.deps({ now: () => clock, log: createLogger({ level: "debug", write: (l) => logLines.push(l) }), token });
const tick = () => (clock = new Date(clock.getTime() + 60_000));
const setDns = (over: Partial<{ enabled: boolean; recordTargetHostname: string | null; token: string }> = {}) =>
  f.setDns({ enabled: over.enabled ?? true, recordTargetHostname: over.recordTargetHostname === undefined ? RECORD_TARGET : over.recordTargetHostname, token: over.token, baseDomain: BASE });
const cluster = (cnameTarget: string | null) => f.cluster(cnameTarget);
const binding = (clusterId: string, hostname: string, scope?: "platform_managed" | "self_managed") => f.binding(clusterId, hostname, scope);
const clusterRow = (id: string) => db.cluster.findUniqueOrThrow({ where: { id } });
const bindingRow = (id: string) => db.hostnameBinding.findUniqueOrThrow({ where: { id } });
const cnames = () => [...cf.records.values()].filter((r) => r.type === "CNAME").map((r) => `${r.name} -> ${r.content}`).sort();

beforeAll(async () => {
  f = await startDnsAutomationFixture("dns_automation", { maxPerPage: 2 });
  ({ db, cf } = f);
});

afterAll(async () => {
  await f?.close();
});

beforeEach(async () => {
  cf.records.clear();
  cf.requests.length = 0;
  cf.failNext(0);
  await db.hostnameBinding.deleteMany({});
  await db.cluster.deleteMany({});
  await setDns();
});

describe("syncManagedDns against the Cloudflare stand-in", () => {
  it("creates the cluster and platform-managed binding CNAMEs, marked as the platform's, across pages, and leaves self-managed ones alone", async () => {
    // Foreign records fill several pages before ours; the pass must page through all of them.
    for (let i = 0; i < 5; i++) cf.seed({ type: "A", name: `host${i}.example.test`, content: `192.0.2.${i}`, comment: null });
    const a = await cluster(`a1.${BASE}`);
    const b = await cluster(`b1.${BASE}`);
    const none = await cluster(null);
    const shop = await binding(a, `shop.${BASE}`);
    const external = await binding(a, "www.customer.test", "self_managed");

    const result = await syncManagedDns(deps());

    expect(result).toMatchObject({ status: "synced", created: 3, updated: 0, deleted: 0, failures: 0 });
    expect(cnames()).toEqual([`a1.${BASE} -> ${RECORD_TARGET}`, `b1.${BASE} -> ${RECORD_TARGET}`, `shop.${BASE} -> a1.${BASE}`]);
    expect(cf.byName(`a1.${BASE}`)[0]).toMatchObject({ comment: `managed-by: kubebyon cluster=${a}`, proxied: false });
    expect(cf.byName(`shop.${BASE}`)[0]?.comment).toBe(`managed-by: kubebyon cluster=${a} binding=${shop}`);
    expect(cf.requests.filter((r) => r.startsWith("GET")).length).toBeGreaterThanOrEqual(3);

    expect(await clusterRow(a)).toMatchObject({ managedWorkloadIngressDnsStatus: "synced", managedWorkloadIngressDnsLastSyncedAt: clock, managedWorkloadIngressDnsLastError: null });
    expect(await clusterRow(b)).toMatchObject({ managedWorkloadIngressDnsStatus: "synced" });
    expect((await clusterRow(none)).managedWorkloadIngressDnsStatus).toBe("disabled");
    expect(await bindingRow(shop)).toMatchObject({ dnsManagementStatus: "synced", dnsManagementLastSyncedAt: clock });
    expect(await bindingRow(external)).toMatchObject({ dnsManagementStatus: "disabled", dnsManagementMessage: expect.stringMatching(/Self-managed/) });

    // Nothing changed: the next pass only lists.
    const before = cf.requests.length;
    expect(await syncManagedDns(deps())).toMatchObject({ status: "synced", created: 0, updated: 0, deleted: 0 });
    expect(cf.requests.slice(before).every((r) => r.startsWith("GET"))).toBe(true);
  });

  it("follows a changed CNAME target and record target, and deletes records whose cluster or binding went", async () => {
    const a = await cluster(`a2.${BASE}`);
    const b = await cluster(`b2.${BASE}`);
    const shop = await binding(a, `shop2.${BASE}`);
    const blog = await binding(b, `blog2.${BASE}`);
    await syncManagedDns(deps());
    expect(cnames()).toHaveLength(4);

    // The cluster's target changes (the CNAME-target slice derives it), and the admin moves the record target.
    await db.cluster.update({ where: { id: a }, data: { managedWorkloadIngressCnameTarget: `a2-new.${BASE}` } });
    await setDns({ recordTargetHostname: "edge2.example.test" });
    // Cluster b is deleted by its job; binding shop is deleted by its owner.
    await db.cluster.update({ where: { id: b }, data: { status: "deleted" } });
    await db.hostnameBinding.delete({ where: { id: shop } });
    const again = await cluster(`c2.${BASE}`);
    const news = await binding(again, `news2.${BASE}`);
    tick();

    const result = await syncManagedDns(deps());
    expect(result).toMatchObject({ status: "synced", failures: 0 });
    expect(cnames()).toEqual([`a2-new.${BASE} -> edge2.example.test`, `c2.${BASE} -> edge2.example.test`, `news2.${BASE} -> c2.${BASE}`]);
    expect(result.deleted).toBe(4); // old a2, b2, shop2, blog2
    expect(await bindingRow(news)).toMatchObject({ dnsManagementStatus: "synced" });
    expect(cf.byName(`blog2.${BASE}`)).toEqual([]);
    expect(await bindingRow(blog)).toBeTruthy();
  });

  it("moves a record when only the record target changes, with an update rather than delete + create", async () => {
    const a = await cluster(`a3.${BASE}`);
    await syncManagedDns(deps());
    const id = cf.byName(`a3.${BASE}`)[0]?.id;
    await setDns({ recordTargetHostname: "edge3.example.test" });
    const result = await syncManagedDns(deps());
    expect(result).toMatchObject({ updated: 1, created: 0, deleted: 0 });
    expect(cf.byName(`a3.${BASE}`)).toEqual([expect.objectContaining({ id, content: "edge3.example.test" })]);
    expect((await clusterRow(a)).managedWorkloadIngressDnsStatus).toBe("synced");
  });

  it("never touches foreign records and names the conflict on the cluster or binding that wanted the name", async () => {
    const foreignCname = cf.seed({ type: "CNAME", name: `taken.${BASE}`, content: "elsewhere.example.net", comment: "made by hand" });
    const foreignA = cf.seed({ type: "A", name: `shop4.${BASE}`, content: "198.51.100.7", comment: null });
    const unrelated = cf.seed({ type: "CNAME", name: `legacy.${BASE}`, content: "old.example.net", comment: "managed-by: someone else" });
    const a = await cluster(`taken.${BASE}`);
    const b = await cluster(`b4.${BASE}`);
    const shop = await binding(b, `shop4.${BASE}`);

    const result = await syncManagedDns(deps());

    expect(result).toMatchObject({ status: "error", failures: 2, transient: false, created: 1, deleted: 0 });
    for (const r of [foreignCname, foreignA, unrelated]) expect(cf.records.get(r.id)).toEqual(r);
    expect(cf.requests.some((r) => /^(PATCH|PUT|DELETE) /.test(r))).toBe(false);
    const ca = await clusterRow(a);
    expect(ca).toMatchObject({ managedWorkloadIngressDnsStatus: "error", managedWorkloadIngressDnsLastErrorAt: clock, managedWorkloadIngressDnsLastSyncedAt: null });
    expect(ca.managedWorkloadIngressDnsLastError).toMatch(/taken\.apps\.example\.test already has a record \(type CNAME, content elsewhere\.example\.net\) that KubeBYON did not create/);
    expect((await bindingRow(shop)).dnsManagementLastError).toMatch(/shop4\.apps\.example\.test already has a record \(type A, content 198\.51\.100\.7\)/);
    expect((await clusterRow(b)).managedWorkloadIngressDnsStatus).toBe("synced");
  });

  it("shows a provider outage as an error that keeps the last success, retried as transient, then recovers", async () => {
    const a = await cluster(`a5.${BASE}`);
    const shop = await binding(a, `shop5.${BASE}`);
    await syncManagedDns(deps());
    const firstSuccess = clock;
    await db.cluster.update({ where: { id: a }, data: { managedWorkloadIngressCnameTarget: `a5-moved.${BASE}` } });
    tick();

    cf.failNext(50, 500);
    const failed = await syncManagedDns(deps());
    expect(failed).toMatchObject({ status: "error", transient: true, failures: 2 });
    const down = await clusterRow(a);
    expect(down).toMatchObject({ managedWorkloadIngressDnsStatus: "error", managedWorkloadIngressDnsLastSyncedAt: firstSuccess, managedWorkloadIngressDnsLastErrorAt: clock });
    expect(down.managedWorkloadIngressDnsLastError).toMatch(/Listing the zone's DNS records failed: Cloudflare failed the GET request: HTTP 500 \(code 10001: Internal server error\)\. The platform retries with backoff\./);
    expect((await bindingRow(shop)).dnsManagementStatus).toBe("error");
    const failedAt = clock;

    cf.failNext(1, 429, 7);
    expect(await syncManagedDns(deps())).toMatchObject({ transient: true, retryAfterSeconds: 7 });

    cf.failNext(0);
    tick();
    expect(await syncManagedDns(deps())).toMatchObject({ status: "synced", failures: 0, updated: 1, deleted: 1, created: 1 });
    const up = await clusterRow(a);
    expect(up).toMatchObject({ managedWorkloadIngressDnsStatus: "synced", managedWorkloadIngressDnsLastSyncedAt: clock });
    // The failure stays on record, older than the success: the console derives "Recovered" from the two times.
    expect(up.managedWorkloadIngressDnsLastErrorAt?.getTime()).toBeLessThan(up.managedWorkloadIngressDnsLastSyncedAt?.getTime() ?? 0);
    expect(up.managedWorkloadIngressDnsLastErrorAt?.getTime()).toBeGreaterThanOrEqual(failedAt.getTime());
    expect(cnames()).toEqual([`a5-moved.${BASE} -> ${RECORD_TARGET}`, `shop5.${BASE} -> a5-moved.${BASE}`]);
    expect(await bindingRow(shop)).toMatchObject({ dnsManagementStatus: "synced", dnsManagementLastSyncedAt: clock });
  });

  it("reports a rejected token as a permanent error saying what to fix, and never writes the token anywhere", async () => {
    const a = await cluster(`a6.${BASE}`);
    const wrongToken = "wrong-token-0123456789abcdef";
    logLines.length = 0;
    const result = await syncManagedDns(deps(wrongToken));
    expect(result).toMatchObject({ status: "error", transient: false });
    const row = await clusterRow(a);
    expect(row.managedWorkloadIngressDnsLastError).toMatch(/Cloudflare rejected the API token: HTTP 403 \(code 10000: Authentication error\)\. Put a token with Zone → DNS → Edit permission/);
    const everything = JSON.stringify(row) + logLines.join("\n");
    expect(everything).not.toContain(wrongToken);
    expect(everything).not.toContain(cf.token);
    expect(cf.records.size).toBe(0);
  });

  it("leaves records in place when automation is turned off and picks them up again when it is turned on", async () => {
    const a = await cluster(`a7.${BASE}`);
    await syncManagedDns(deps());
    const record = cf.byName(`a7.${BASE}`)[0];
    await setDns({ enabled: false });
    const requestsBefore = cf.requests.length;

    expect(await syncManagedDns(deps())).toMatchObject({ status: "disabled" });
    expect(cf.requests.length).toBe(requestsBefore);
    expect(cf.byName(`a7.${BASE}`)).toEqual([record]);
    const off = await clusterRow(a);
    expect(off).toMatchObject({ managedWorkloadIngressDnsStatus: "disabled", managedWorkloadIngressDnsMessage: DNS_AUTOMATION_OFF_MESSAGE });
    expect(off.managedWorkloadIngressDnsLastSyncedAt).not.toBeNull();

    await setDns({ enabled: true });
    expect(await syncManagedDns(deps())).toMatchObject({ status: "synced", created: 0, updated: 0, deleted: 0 });
    expect(cf.byName(`a7.${BASE}`)).toEqual([record]);
  });

  it("removes a cluster's record when the base domain is cleared and its CNAME target goes", async () => {
    const a = await cluster(`a8.${BASE}`);
    const shop = await binding(a, `shop8.${BASE}`);
    await syncManagedDns(deps());
    await db.cluster.update({ where: { id: a }, data: { managedWorkloadIngressCnameTarget: null } });
    const result = await syncManagedDns(deps());
    expect(result).toMatchObject({ status: "synced", deleted: 2 });
    expect(cnames()).toEqual([]);
    expect((await clusterRow(a)).managedWorkloadIngressDnsStatus).toBe("disabled");
    expect((await bindingRow(shop)).dnsManagementStatus).toBe("pending");
  });

  it("requestManagedDnsSync runs a pass without throwing, also when the database is unusable", async () => {
    await cluster(`a10.${BASE}`);
    expect(await requestManagedDnsSync(deps())).toMatchObject({ status: "synced", created: 1 });
    const broken = createPrismaClient("postgresql://postgres@127.0.0.1:1/nothing");
    logLines.length = 0;
    try {
      expect(await requestManagedDnsSync({ ...deps(), db: broken })).toBeNull();
    } finally {
      await broken.$disconnect();
    }
    expect(logLines.join("\n")).toMatch(/DNS automation pass failed/);
  });

  it("coalesces a burst of sync-now requests into one pass running and one queued", async () => {
    await cluster(`a11.${BASE}`);
    const d = deps();
    const burst = await Promise.all(Array.from({ length: 6 }, () => requestManagedDnsSync(d)));
    expect(burst.reduce((n, r) => n + (r?.created ?? 0), 0)).toBe(1);
    // Each pass lists from page 1 once.
    expect(cf.requests.filter((r) => r.startsWith("GET ") && r.includes("page=1&")).length).toBe(2);
  });

  it("runs passes from several processes one at a time, so a record is created once", async () => {
    await cluster(`a9.${BASE}`);
    const results = await Promise.all([syncManagedDns(deps()), syncManagedDns(deps()), syncManagedDns(deps())]);
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(1);
    expect(cf.byName(`a9.${BASE}`)).toHaveLength(1);
  });
});
