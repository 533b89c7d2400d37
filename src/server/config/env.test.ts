import { describe, expect, it } from "vitest";
import { classifyFailure } from "@/server/domain/jobs/failure-class";
import { ConfigError, parseConfig, requireDatabaseUrl, requireSharedGateway } from "./env";

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

  it("KUBEBYON_GATEWAY_*: listener tls-passthrough by default; name and namespace required on first use, naming what is missing", () => {
    expect(parseConfig({}).sharedGateway).toEqual({ name: undefined, namespace: undefined, listener: "tls-passthrough" });
    const set = parseConfig({ KUBEBYON_GATEWAY_NAME: " kubebyon-edge ", KUBEBYON_GATEWAY_NAMESPACE: "kubebyon-system", KUBEBYON_GATEWAY_LISTENER: "tls" });
    expect(requireSharedGateway(set)).toEqual({ name: "kubebyon-edge", namespace: "kubebyon-system", sectionName: "tls" });
    // Starting without them works (only the cluster jobs need them); the first use says what to set.
    const unset = parseConfig({ KUBEBYON_PUBLIC_ACCESS_PROVIDER: "gatewayapi", KUBEBYON_GATEWAY_NAME: "edge" });
    expect(() => requireSharedGateway(unset)).toThrow(/^invalid configuration: KUBEBYON_GATEWAY_NAMESPACE: required when KUBEBYON_PUBLIC_ACCESS_PROVIDER=gatewayapi/);
    expect(() => requireSharedGateway(parseConfig({}))).toThrow(/KUBEBYON_GATEWAY_NAME, KUBEBYON_GATEWAY_NAMESPACE: required/);
    // A job meeting it fails at once instead of retrying a setting that will not change by itself.
    expect(classifyFailure(new ConfigError("x"))).toBe("permanent");
    expect(() => parseConfig({ KUBEBYON_GATEWAY_NAME: "Edge_1" })).toThrow(/KUBEBYON_GATEWAY_NAME: expected the shared Gateway's name/);
    expect(() => parseConfig({ KUBEBYON_GATEWAY_NAMESPACE: "a.b" })).toThrow(/KUBEBYON_GATEWAY_NAMESPACE: expected a namespace name/);
    expect(() => parseConfig({ KUBEBYON_GATEWAY_LISTENER: "TLS" })).toThrow(/KUBEBYON_GATEWAY_LISTENER: expected the Gateway listener's name/);
  });

  it("KUBEBYON_TENANT_CLUSTER_ROLE: unset by default (empty counts as unset), an RBAC name, a path-like name refused", () => {
    expect(parseConfig({}).tenantClusterRole).toBeUndefined();
    expect(parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: " " }).tenantClusterRole).toBeUndefined();
    expect(parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: "kubebyon-tenant" }).tenantClusterRole).toBe("kubebyon-tenant");
    expect(parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: "system:aggregate-to-edit" }).tenantClusterRole).toBe("system:aggregate-to-edit");
    for (const bad of ["a/b", "..", "x%2F"]) expect(() => parseConfig({ KUBEBYON_TENANT_CLUSTER_ROLE: bad }), bad).toThrow(/^invalid configuration: KUBEBYON_TENANT_CLUSTER_ROLE: expected a ClusterRole name/);
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
