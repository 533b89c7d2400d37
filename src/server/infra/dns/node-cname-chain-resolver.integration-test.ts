import { getServers } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthoritativeDnsServer, type AuthoritativeDnsServer } from "@e2e/env/dns/authoritative-dns-server";
import { NodeCnameChainResolver } from "./node-cname-chain-resolver";

/** The node:dns adapter against a real DNS server on loopback, authoritative for the test zone. */
let dns: AuthoritativeDnsServer;
let resolver: NodeCnameChainResolver;

beforeAll(async () => {
  dns = await startAuthoritativeDnsServer({ zone: "dnscheck.test" });
  resolver = new NodeCnameChainResolver({ servers: [dns.server], timeoutMs: 300, tries: 1, maxDepth: 4 });
  dns.setCname("cl-1.apps.dnscheck.test", "edge.dnscheck.test");
  dns.setA("edge.dnscheck.test", ["127.0.0.20"]);
});

afterAll(() => dns?.stop());

describe("NodeCnameChainResolver", () => {
  it("asks the configured servers, and the system's resolvers when none are configured", () => {
    expect(resolver.servers()).toEqual([dns.server]);
    expect(new NodeCnameChainResolver().servers()).toEqual(getServers());
  });

  it("follows a chain link by link to the name without a CNAME, reading that name's addresses", async () => {
    dns.setCname("www.dnscheck.test", "app.dnscheck.test");
    dns.setCname("app.dnscheck.test", "cl-1.apps.dnscheck.test");
    expect(await resolver.followCnameChain("WWW.dnscheck.test.")).toEqual({
      names: ["www.dnscheck.test", "app.dnscheck.test", "cl-1.apps.dnscheck.test", "edge.dnscheck.test"],
      end: { kind: "no_cname", exists: true, addresses: ["127.0.0.20"] },
    });
    // Every link was asked as its own CNAME question.
    expect(dns.queries).toEqual(expect.arrayContaining(["www.dnscheck.test CNAME/udp", "app.dnscheck.test CNAME/udp", "cl-1.apps.dnscheck.test CNAME/udp"]));
  });

  it("reports NXDOMAIN for a name that does not exist, and for a chain that dangles", async () => {
    expect(await resolver.followCnameChain("nothing.dnscheck.test")).toEqual({ names: ["nothing.dnscheck.test"], end: { kind: "no_cname", exists: false, addresses: [] } });
    dns.setCname("typo.dnscheck.test", "gone.dnscheck.test");
    expect(await resolver.followCnameChain("typo.dnscheck.test")).toEqual({ names: ["typo.dnscheck.test", "gone.dnscheck.test"], end: { kind: "no_cname", exists: false, addresses: [] } });
  });

  it("reports a name with A records only as having no CNAME", async () => {
    dns.setA("direct.dnscheck.test", ["127.0.0.21", "127.0.0.22"]);
    expect(await resolver.followCnameChain("direct.dnscheck.test")).toEqual({ names: ["direct.dnscheck.test"], end: { kind: "no_cname", exists: true, addresses: ["127.0.0.21", "127.0.0.22"] } });
  });

  it("stops at a loop with the repeated name last", async () => {
    dns.setCname("loop-a.dnscheck.test", "loop-b.dnscheck.test");
    dns.setCname("loop-b.dnscheck.test", "loop-a.dnscheck.test");
    expect(await resolver.followCnameChain("loop-a.dnscheck.test")).toEqual({ names: ["loop-a.dnscheck.test", "loop-b.dnscheck.test", "loop-a.dnscheck.test"], end: { kind: "cycle" } });
  });

  it("stops after maxDepth CNAMEs when the chain goes on, and not when it ends exactly there", async () => {
    for (let i = 1; i <= 5; i += 1) dns.setCname(`long${i}.dnscheck.test`, `long${i + 1}.dnscheck.test`);
    dns.setA("long6.dnscheck.test", ["127.0.0.23"]);
    const long = await resolver.followCnameChain("long1.dnscheck.test");
    expect(long).toEqual({ names: ["long1.dnscheck.test", "long2.dnscheck.test", "long3.dnscheck.test", "long4.dnscheck.test", "long5.dnscheck.test"], end: { kind: "too_long", maxDepth: 4 } });
    const exact = await resolver.followCnameChain("long2.dnscheck.test");
    expect(exact.end).toEqual({ kind: "no_cname", exists: true, addresses: ["127.0.0.23"] });
    expect(exact.names).toHaveLength(5);
  });

  it("reports SERVFAIL, a refused query and a silent server as resolver failures with their codes", async () => {
    dns.setCname("flaky.dnscheck.test", "broken.dnscheck.test");
    dns.failWith("broken.dnscheck.test", "servfail");
    expect(await resolver.followCnameChain("flaky.dnscheck.test")).toEqual({
      names: ["flaky.dnscheck.test", "broken.dnscheck.test"],
      end: { kind: "resolver_failure", code: "ESERVFAIL", detail: "the DNS server failed (SERVFAIL)" },
    });
    expect((await resolver.followCnameChain("outside.example.org")).end).toMatchObject({ kind: "resolver_failure", code: "EREFUSED" });
    dns.failWith("silent.dnscheck.test", "drop");
    const started = Date.now();
    expect((await resolver.followCnameChain("silent.dnscheck.test")).end).toMatchObject({ kind: "resolver_failure", code: "ETIMEOUT", detail: "no answer from the DNS server in time" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("asks again over TCP when the UDP answer is truncated", async () => {
    dns.setCname("big.dnscheck.test", "cl-1.apps.dnscheck.test");
    dns.failWith("big.dnscheck.test", "truncate-udp");
    expect((await resolver.followCnameChain("big.dnscheck.test")).names).toEqual(["big.dnscheck.test", "cl-1.apps.dnscheck.test", "edge.dnscheck.test"]);
    expect(dns.queries).toEqual(expect.arrayContaining(["big.dnscheck.test CNAME/udp", "big.dnscheck.test CNAME/tcp"]));
  });

  it("reports a DNS server that is not there as a resolver failure", async () => {
    const nowhere = await startAuthoritativeDnsServer({ zone: "gone.test" });
    const address = nowhere.server;
    await nowhere.stop();
    const lost = new NodeCnameChainResolver({ servers: [address], timeoutMs: 300, tries: 1 });
    expect((await lost.followCnameChain("app.gone.test")).end).toMatchObject({ kind: "resolver_failure" });
  });
});
