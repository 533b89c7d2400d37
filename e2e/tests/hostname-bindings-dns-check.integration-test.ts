import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthoritativeDnsServer, type AuthoritativeDnsServer } from "@e2e/env/dns/authoritative-dns-server";
import { startInProcessApi, type InProcessApi } from "@e2e/env/in-process-api";
import { newId } from "@/server/domain/ids";

/**
 * "Check now" over REST: POST /clusters/{cluster_id}/hostname-bindings/check with the web
 * process's runtime, whose resolver KUBEBYON_DNS_CHECK_RESOLVERS points at a DNS server on
 * loopback that is authoritative for the test zone.
 */
let api: InProcessApi;
let dns: AuthoritativeDnsServer;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let clusterId: string;

const ZONE = "rest-check.test";
const TARGET = `cl-alice.apps.${ZONE}`;

beforeAll(async () => {
  dns = await startAuthoritativeDnsServer({ zone: ZONE });
  api = await startInProcessApi("hostname_bindings_dns_check", { KUBEBYON_DNS_CHECK_RESOLVERS: dns.server });
  alice = await api.createUser("alice@example.test", "alice-password-123");
  bob = await api.createUser("bob@example.test", "bob-password-1234");
  const created = await api.rest("POST", "/clusters", { cookie: alice.cookie, body: { name: "alice web", control_plane_host: "203.0.113.7" } });
  clusterId = ((await created.json()) as { id: string }).id;
  await api.runtime.deps.db.cluster.update({ where: { id: clusterId }, data: { status: "ready", managedWorkloadIngressCnameTarget: TARGET } });
});

afterAll(async () => {
  await api?.close();
  await dns?.stop();
});

describe("POST /clusters/{cluster_id}/hostname-bindings/check", () => {
  it("checks the cluster's bindings against the configured DNS server and returns what it saw", async () => {
    const db = api.runtime.deps.db;
    const ready = newId("hb");
    const elsewhere = newId("hb");
    await db.hostnameBinding.create({ data: { id: ready, clusterId, hostname: `www.${ZONE}` } });
    await db.hostnameBinding.create({ data: { id: elsewhere, clusterId, hostname: `old.${ZONE}` } });
    dns.setCname(`www.${ZONE}`, TARGET);
    dns.setCname(`old.${ZONE}`, `lb.${ZONE}`);
    dns.setA(`lb.${ZONE}`, ["127.0.0.40"]);

    const res = await api.rest("POST", `/clusters/${clusterId}/hostname-bindings/check`, { cookie: alice.cookie, body: {} });
    const body = (await res.json()) as { cluster_id: string; checked_at: string; bindings: Array<Record<string, unknown>> };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.cluster_id).toBe(clusterId);
    expect(body.bindings).toEqual([
      { id: elsewhere, hostname: `old.${ZONE}`, status: "pending", last_error: expect.stringContaining(`ends at lb.${ZONE}, not at ${TARGET}`), observed_chain: [`old.${ZONE}`, `lb.${ZONE}`] },
      { id: ready, hostname: `www.${ZONE}`, status: "ready", last_error: null, observed_chain: [`www.${ZONE}`, TARGET] },
    ]);
    expect(await db.hostnameBinding.findUniqueOrThrow({ where: { id: ready } })).toMatchObject({ status: "ready", lastError: null });
    // The runtime's resolver asked the configured server, not the system's.
    expect(dns.queries).toContain(`www.${ZONE} CNAME/udp`);
  });

  it("answers another user NOT_FOUND for the cluster", async () => {
    const res = await api.rest("POST", `/clusters/${clusterId}/hostname-bindings/check`, { cookie: bob.cookie, body: {} });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(`Cluster ${clusterId} was not found.`);
  });
});
