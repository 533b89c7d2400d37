import { describe, expect, it } from "vitest";
import { evaluateCnameChain, type CnameChainEnd, type CnameChainLookup } from "./cname-chain";

const TARGET = "cl-abc.apps.example.net";
const end = (names: string[], e: CnameChainEnd): CnameChainLookup => ({ names, end: e });
const addresses = (names: string[], a: string[] = ["192.0.2.10"]): CnameChainLookup => end(names, { kind: "no_cname", exists: true, addresses: a });
const nxdomain = (names: string[]): CnameChainLookup => end(names, { kind: "no_cname", exists: false, addresses: [] });
/** The target as the Cloudflare automation makes it: a CNAME to the shared edge host. */
const targetChain = addresses([TARGET, "edge.example.net"]);

describe("evaluateCnameChain (final-canonical semantics)", () => {
  it("is ready when the hostname's CNAME points at the target, whatever the target resolves to", () => {
    const verdict = evaluateCnameChain(addresses(["app.example.com", TARGET, "edge.example.net"]), TARGET, targetChain);
    expect(verdict).toEqual({ status: "ready", message: null, names: ["app.example.com", TARGET], chain: `app.example.com → ${TARGET}` });
  });

  it("is ready when the target is reached further down the chain, not only as the final name", () => {
    const verdict = evaluateCnameChain(addresses(["www.example.com", "app.example.com", TARGET, "edge.example.net"]), TARGET, targetChain);
    expect(verdict.status).toBe("ready");
    expect(verdict.chain).toBe(`www.example.com → app.example.com → ${TARGET}`);
  });

  it("is ready when the chain converges onto the target's own canonical chain (skipping the target name)", () => {
    const verdict = evaluateCnameChain(addresses(["app.example.com", "edge.example.net"]), TARGET, targetChain);
    expect(verdict).toMatchObject({ status: "ready", chain: "app.example.com → edge.example.net" });
  });

  it("compares names case-insensitively and without the trailing dot", () => {
    const verdict = evaluateCnameChain(addresses(["App.Example.COM.", "CL-ABC.apps.example.net."]), `${TARGET}.`, null);
    expect(verdict).toMatchObject({ status: "ready", chain: `app.example.com → ${TARGET}` });
  });

  it("is ready when the target exists nowhere yet but the hostname points at it (no platform DNS automation)", () => {
    const verdict = evaluateCnameChain(nxdomain(["app.example.com", TARGET]), TARGET, nxdomain([TARGET]));
    expect(verdict.status).toBe("ready");
  });

  it("ignores a broken record past the target: that is the platform's side, not the binding's", () => {
    const verdict = evaluateCnameChain(end(["app.example.com", TARGET, "edge.example.net", TARGET], { kind: "cycle" }), TARGET, null);
    expect(verdict.status).toBe("ready");
  });

  it("is pending with NXDOMAIN when the hostname does not exist", () => {
    const verdict = evaluateCnameChain(nxdomain(["app.example.com"]), TARGET, targetChain);
    expect(verdict.status).toBe("pending");
    expect(verdict.message).toBe(`app.example.com does not exist in DNS (NXDOMAIN): point a CNAME record for app.example.com at ${TARGET}.`);
  });

  it("is pending when the hostname has no CNAME record, naming the A records it has instead", () => {
    const verdict = evaluateCnameChain(addresses(["app.example.com"], ["192.0.2.10", "192.0.2.11"]), TARGET, targetChain);
    expect(verdict.status).toBe("pending");
    expect(verdict.message).toBe(`app.example.com has no CNAME record (it has A records 192.0.2.10, 192.0.2.11): point a CNAME record for app.example.com at ${TARGET}.`);
  });

  it("is pending with no record of any kind yet (NODATA)", () => {
    const verdict = evaluateCnameChain(addresses(["app.example.com"], []), TARGET, targetChain);
    expect(verdict).toMatchObject({ status: "pending", message: expect.stringMatching(/^app\.example\.com has no CNAME record: point/) });
  });

  it("is pending when the chain points elsewhere, showing the observed chain and the target's", () => {
    const verdict = evaluateCnameChain(addresses(["app.example.com", "old-lb.example.org", "lb.example.org"]), TARGET, targetChain);
    expect(verdict.status).toBe("pending");
    expect(verdict.message).toBe(
      `its CNAME chain app.example.com → old-lb.example.org → lb.example.org ends at lb.example.org, not at ${TARGET} (nor on its chain ${TARGET} → edge.example.net): point a CNAME record for app.example.com at ${TARGET}.`,
    );
    expect(verdict.chain).toBe("app.example.com → old-lb.example.org → lb.example.org");
  });

  it("is pending when the chain dangles at a name that does not exist", () => {
    const verdict = evaluateCnameChain(nxdomain(["app.example.com", "typo.example.net"]), TARGET, targetChain);
    expect(verdict).toMatchObject({ status: "pending", message: expect.stringContaining("ends at typo.example.net, which does not exist (NXDOMAIN), not at") });
  });

  it("is an error on a loop", () => {
    const verdict = evaluateCnameChain(end(["a.example.com", "b.example.com", "a.example.com"], { kind: "cycle" }), TARGET, targetChain);
    expect(verdict.status).toBe("error");
    expect(verdict.message).toBe(`its CNAME chain a.example.com → b.example.com → a.example.com loops back to a.example.com: fix the CNAME records so the chain ends at ${TARGET}.`);
  });

  it("is an error when the chain is longer than the resolver follows", () => {
    const verdict = evaluateCnameChain(end(["a.example.com", "b.example.com", "c.example.com"], { kind: "too_long", maxDepth: 2 }), TARGET, targetChain);
    expect(verdict).toMatchObject({ status: "error", message: expect.stringContaining("is longer than 2 CNAMEs without reaching") });
  });

  it("is an error when the resolver fails, naming the name whose lookup failed and the setting to check", () => {
    const verdict = evaluateCnameChain(end(["app.example.com", "x.example.net"], { kind: "resolver_failure", code: "ETIMEOUT", detail: "no answer from the DNS server in time" }), TARGET, targetChain);
    expect(verdict.status).toBe("error");
    expect(verdict.message).toBe(
      "looking up x.example.net failed (ETIMEOUT: no answer from the DNS server in time) after app.example.com → x.example.net; the check retries — if it keeps failing, check the DNS servers of app.example.com and KUBEBYON_DNS_CHECK_RESOLVERS.",
    );
  });

  it("does not call a chain 'elsewhere' when the target's own chain could not be resolved", () => {
    const failedTarget = end([TARGET], { kind: "resolver_failure", code: "ESERVFAIL", detail: "the DNS server failed (SERVFAIL)" });
    const verdict = evaluateCnameChain(addresses(["app.example.com", "edge.example.net"]), TARGET, failedTarget);
    expect(verdict).toMatchObject({ status: "error", message: expect.stringContaining(`the chain of ${TARGET} could not be resolved`) });
  });
});
