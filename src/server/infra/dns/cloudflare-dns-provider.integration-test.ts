import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCloudflareApiStandIn, type CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { DnsProviderError } from "@/server/domain/dns/dns-provider-error";
import { CloudflareDnsProvider } from "./cloudflare-dns-provider";

let cf: CloudflareApiStandIn;
const provider = (over: Partial<ConstructorParameters<typeof CloudflareDnsProvider>[0]> = {}) =>
  new CloudflareDnsProvider({ baseUrl: cf.baseUrl, zoneId: cf.zoneId, apiToken: cf.token, perPage: 5, timeoutMs: 2_000, ...over });

async function caught(p: Promise<unknown>): Promise<DnsProviderError> {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DnsProviderError);
  return error as DnsProviderError;
}

beforeAll(async () => {
  cf = await startCloudflareApiStandIn({ zoneName: "example.test", maxPerPage: 3 });
});
afterAll(async () => cf?.close());
beforeEach(() => {
  cf.records.clear();
  cf.requests.length = 0;
  cf.failNext(0);
});

describe("CloudflareDnsProvider against the Cloudflare API stand-in", () => {
  it("creates, lists (every page, with type and name filters), updates and deletes records", async () => {
    const dns = provider();
    for (let i = 0; i < 7; i++) cf.seed({ type: "A", name: `h${i}.example.test`, content: `192.0.2.${i}`, comment: null });
    const created = await dns.createRecord({ type: "CNAME", name: "App.Example.Test", content: "edge.example.test", comment: "managed-by: kubebyon cluster=cl_1" });
    expect(created).toMatchObject({ type: "CNAME", name: "app.example.test", content: "edge.example.test", comment: "managed-by: kubebyon cluster=cl_1" });
    expect(cf.records.get(created.id)).toMatchObject({ proxied: false, ttl: 1 });

    const all = await dns.listRecords();
    expect(all).toHaveLength(8);
    // per_page 5 asked, the server caps pages at 3: the client follows total_pages, not its own page size.
    expect(cf.requests.filter((r) => r.startsWith("GET"))).toHaveLength(3);
    expect(await dns.listRecords({ type: "CNAME" })).toEqual([created]);
    expect(await dns.listRecords({ name: "h3.example.test" })).toEqual([expect.objectContaining({ type: "A", content: "192.0.2.3", comment: null })]);

    // An operator turned the proxy on: a PATCH of the fields the platform owns keeps that choice.
    cf.records.set(created.id, { ...cf.records.get(created.id)!, proxied: true });
    const updated = await dns.updateRecord(created.id, { type: "CNAME", name: "app.example.test", content: "edge2.example.test", comment: "managed-by: kubebyon cluster=cl_2" });
    expect(updated).toMatchObject({ id: created.id, content: "edge2.example.test", comment: "managed-by: kubebyon cluster=cl_2" });
    expect(cf.records.get(created.id)?.proxied).toBe(true);

    await dns.deleteRecord(created.id);
    expect(cf.records.has(created.id)).toBe(false);
    await dns.deleteRecord(created.id); // already gone: fine
    expect(cf.requests.filter((r) => r.startsWith("DELETE"))).toHaveLength(2);
  });

  it("classifies Cloudflare's refusals as permanent with its codes and messages", async () => {
    cf.seed({ type: "A", name: "taken.example.test", content: "192.0.2.1", comment: null });
    const conflict = await caught(provider().createRecord({ type: "CNAME", name: "taken.example.test", content: "edge.example.test", comment: "m" }));
    expect(conflict).toMatchObject({ kind: "permanent", status: 400 });
    expect(conflict.message).toBe("Cloudflare refused the POST request: HTTP 400 (code 81053: An A, AAAA, or CNAME record with that host already exists.).");

    const outside = await caught(provider().createRecord({ type: "CNAME", name: "app.other.test", content: "edge.example.test", comment: "m" }));
    expect(outside.message).toMatch(/code 9000: DNS name is invalid/);

    const zone = await caught(provider({ zoneId: "0".repeat(32) }).listRecords());
    expect(zone).toMatchObject({ kind: "permanent", status: 404 });
    expect(zone.message).toMatch(/code 7003/);
  });

  it("says what to do about a rejected token, without the token", async () => {
    const secret = "not-the-right-token-0123456789";
    const error = await caught(provider({ apiToken: secret }).listRecords());
    expect(error).toMatchObject({ kind: "permanent", status: 403 });
    expect(error.message).toBe(
      `Cloudflare rejected the API token: HTTP 403 (code 10000: Authentication error). Put a token with Zone → DNS → Edit permission on zone ${cf.zoneId} in system settings (cloudflare.api_token).`,
    );
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(secret);
  });

  it("classifies 5xx, 429 (with Retry-After) and unreachable servers as transient", async () => {
    cf.failNext(1, 503);
    expect(await caught(provider().listRecords())).toMatchObject({ kind: "transient", status: 503, message: expect.stringMatching(/HTTP 503 \(code 10001: Internal server error\)/) });
    cf.failNext(1, 429, 12);
    expect(await caught(provider().listRecords())).toMatchObject({ kind: "transient", status: 429, retryAfterSeconds: 12, message: expect.stringMatching(/rate limiting/) });
    expect(await provider().listRecords()).toEqual([]);

    // A port nobody listens on, and a server that answers HTML (a proxy error page).
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const unreachable = await caught(provider({ baseUrl: `http://127.0.0.1:${port}/client/v4` }).listRecords());
    expect(unreachable).toMatchObject({ kind: "transient", status: undefined, message: expect.stringMatching(/Could not reach the Cloudflare API at http:\/\/127\.0\.0\.1:\d+\/client\/v4: .*ECONNREFUSED/) });

    const html = http.createServer((_req, res) => {
      res.writeHead(502, { "Content-Type": "text/html" });
      res.end("<html>bad gateway</html>");
    });
    await new Promise<void>((r) => html.listen(0, "127.0.0.1", r));
    try {
      const bad = await caught(provider({ baseUrl: `http://127.0.0.1:${(html.address() as AddressInfo).port}` }).listRecords());
      expect(bad).toMatchObject({ kind: "transient", status: 502, message: "Cloudflare failed the GET request: HTTP 502 without a JSON body." });
    } finally {
      await new Promise<void>((r) => html.close(() => r()));
    }
  });
});
