import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, requireDatabaseUrl } from "./env";

describe("parseConfig", () => {
  it("applies the spec's defaults", () => {
    const c = parseConfig({});
    expect(c.httpPort).toBe(3000);
    expect(c.joinRateLimit).toEqual({ windowSeconds: 3, burst: 5, maxEntries: 10_000 });
    expect(c.authRateLimit).toEqual({ windowSeconds: 30, burst: 5, maxEntries: 5_000 });
    expect(c.platformApiKey).toEqual({ secretName: "vcluster-platform-api-key", sourceNamespace: "kubebyon-system" });
    expect(c.sessionCookieSecure).toBe(false);
    expect(c.rabbitmqUrl).toBeUndefined();
  });

  it("KUBEBYON_VCLUSTER_ROUTE: auto by default, one of the four, anything else refused with the choices", () => {
    expect(parseConfig({}).vclusterRoute).toBe("auto");
    expect(parseConfig({ KUBEBYON_VCLUSTER_ROUTE: " cluster-ip " }).vclusterRoute).toBe("cluster-ip");
    expect(() => parseConfig({ KUBEBYON_VCLUSTER_ROUTE: "service-dns" })).toThrow(/KUBEBYON_VCLUSTER_ROUTE: expected one of auto, cluster-ip, service, public/);
  });

  it("KUBEBYON_PUBLIC_ACCESS_PROVIDER: servicelb by default (empty counts as unset), one of the three, anything else refused with the choices", () => {
    expect(parseConfig({}).publicAccessProvider).toBe("servicelb");
    expect(parseConfig({ KUBEBYON_PUBLIC_ACCESS_PROVIDER: " " }).publicAccessProvider).toBe("servicelb");
    expect(parseConfig({ KUBEBYON_PUBLIC_ACCESS_PROVIDER: " haproxy " }).publicAccessProvider).toBe("haproxy");
    expect(parseConfig({ KUBEBYON_PUBLIC_ACCESS_PROVIDER: "gatewayapi" }).publicAccessProvider).toBe("gatewayapi");
    expect(() => parseConfig({ KUBEBYON_PUBLIC_ACCESS_PROVIDER: "metallb" })).toThrow(/KUBEBYON_PUBLIC_ACCESS_PROVIDER: expected one of servicelb, haproxy, gatewayapi/);
  });

  it("KUBEBYON_TENANT_CLUSTER_ROLE: unset by default (empty counts as unset), an RBAC name, a path-like name refused", () => {
    expect(parseConfig({}).tenantClusterRole).toBeUndefined();
    expect(parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: " " }).tenantClusterRole).toBeUndefined();
    expect(parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: "kubebyon-tenant" }).tenantClusterRole).toBe("kubebyon-tenant");
    expect(parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: "system:aggregate-to-edit" }).tenantClusterRole).toBe("system:aggregate-to-edit");
    for (const bad of ["a/b", "..", "x%2F"]) expect(() => parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: bad }), bad).toThrow(/^invalid configuration: KUBEBYON_TENANT_CLUSTER_ROLE: expected a ClusterRole name/);
  });

  it("KUBEBYON_SAN_GRACE_HOURS: 72 h by default, 0 turns the grace off, a negative or fractional value is refused", () => {
    expect(parseConfig({}).sanGraceHours).toBe(72);
    expect(parseConfig({ KUBEBYON_SAN_GRACE_HOURS: "0" }).sanGraceHours).toBe(0);
    expect(parseConfig({ KUBEBYON_SAN_GRACE_HOURS: "24" }).sanGraceHours).toBe(24);
    for (const bad of ["-1", "1.5", "soon"]) expect(() => parseConfig({ KUBEBYON_SAN_GRACE_HOURS: bad }), bad).toThrow(/KUBEBYON_SAN_GRACE_HOURS/);
  });

  it("KUBEBYON_DNS_CHECK_*: the system resolver and 60 s by default, a list of ip[:port], a host name refused", () => {
    expect(parseConfig({}).dnsCheck).toEqual({ resolvers: [], intervalSeconds: 60 });
    expect(parseConfig({ KUBEBYON_DNS_CHECK_RESOLVERS: "1.1.1.1, 127.0.0.1:5353,[::1]:53", KUBEBYON_DNS_CHECK_INTERVAL_SECONDS: "15" }).dnsCheck).toEqual({
      resolvers: ["1.1.1.1", "127.0.0.1:5353", "[::1]:53"],
      intervalSeconds: 15,
    });
    expect(() => parseConfig({ KUBEBYON_DNS_CHECK_RESOLVERS: "1.1.1.1,dns.google" })).toThrow(/^invalid configuration: KUBEBYON_DNS_CHECK_RESOLVERS: expected comma-separated DNS servers .*"dns\.google" is not an ip or ip:port/);
    expect(() => parseConfig({ KUBEBYON_DNS_CHECK_INTERVAL_SECONDS: "1" })).toThrow(/KUBEBYON_DNS_CHECK_INTERVAL_SECONDS/);
  });

  it("DNS automation: a 60 s pass interval (at least 5) and the real Cloudflare API unless pointed elsewhere", () => {
    expect(parseConfig({}).dnsAutomation).toEqual({ syncIntervalSeconds: 60, cloudflareApiBaseUrl: "https://api.cloudflare.com/client/v4" });
    expect(parseConfig({ KUBEBYON_DNS_SYNC_INTERVAL_SECONDS: "15", KUBEBYON_CLOUDFLARE_API_BASE_URL: "http://127.0.0.1:8080/client/v4/" }).dnsAutomation).toEqual({
      syncIntervalSeconds: 15,
      cloudflareApiBaseUrl: "http://127.0.0.1:8080/client/v4",
    });
    expect(() => parseConfig({ KUBEBYON_DNS_SYNC_INTERVAL_SECONDS: "1" })).toThrow(/KUBEBYON_DNS_SYNC_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_CLOUDFLARE_API_BASE_URL: "ftp://cf" })).toThrow(/KUBEBYON_CLOUDFLARE_API_BASE_URL: expected an http\(s\) URL/);
  });

  it("reads KUBEBYON_DATABASE_DSN when DATABASE_URL is absent", () => {
    expect(parseConfig({ KUBEBYON_DATABASE_DSN: "postgresql://u@h:5432/d" }).databaseUrl).toBe("postgresql://u@h:5432/d");
  });

  it.each([
    [{ KUBEBYON_SESSION_COOKIE_SECURE: "maybe" }, /^invalid configuration: KUBEBYON_SESSION_COOKIE_SECURE: /],
    [{ KUBEBYON_JOIN_RATE_LIMIT_BURST: "five" }, /^invalid configuration: KUBEBYON_JOIN_RATE_LIMIT_BURST: /],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: expected postgresql:\/\/.*\(got "<redacted>"\)/],
    [{ KUBEBYON_TRUSTED_PROXY_CIDRS: "10.0.0.0/99" }, /KUBEBYON_TRUSTED_PROXY_CIDRS: expected comma-separated CIDRs/],
    [{ KUBEBYON_RABBITMQ_URL: "http://x" }, /KUBEBYON_RABBITMQ_URL: expected amqp:\/\//],
    [{ KUBEBYON_HTTP_ADDR: "3000" }, /KUBEBYON_HTTP_ADDR: expected \[host\]:port/],
    [{ KUBEBYON_GITHUB_CLIENT_ID: "abc" }, /KUBEBYON_GITHUB_CLIENT_SECRET: required/],
  ])("stops on a bad value with one line naming the variable: %o", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("requires a database URL only where one is needed", () => {
    expect(() => requireDatabaseUrl(parseConfig({}))).toThrow(/DATABASE_URL: required/);
  });
});
