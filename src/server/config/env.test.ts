import { describe, expect, it } from "vitest";
import { classifyFailure } from "@/server/domain/jobs/failure-class";
import { ConfigError, parseConfig, requireDatabaseUrl, requireHaproxyEdge, requireSharedGateway } from "./env";

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

  it("KUBEBYON_KUBECONFIG_TTL_SECONDS: 8 h by default, 600 s to 7 days, anything else refused with the bound", () => {
    expect(parseConfig({}).kubeconfigTtlSeconds).toBe(28_800);
    expect(parseConfig({ KUBEBYON_KUBECONFIG_TTL_SECONDS: "3600" }).kubeconfigTtlSeconds).toBe(3_600);
    expect(() => parseConfig({ KUBEBYON_KUBECONFIG_TTL_SECONDS: "300" })).toThrow(/KUBEBYON_KUBECONFIG_TTL_SECONDS: expected at least 600 seconds/);
    expect(() => parseConfig({ KUBEBYON_KUBECONFIG_TTL_SECONDS: "604801" })).toThrow(/KUBEBYON_KUBECONFIG_TTL_SECONDS: expected at most 604800 seconds/);
  });

  it("KUBEBYON_WORKER_HTTP_ADDR: :9090 (every address) by default, [host]:port, a bad port refused with an example", () => {
    expect(parseConfig({}).workerHttp).toEqual({ host: undefined, port: 9090 });
    expect(parseConfig({ KUBEBYON_WORKER_HTTP_ADDR: "127.0.0.1:9191" }).workerHttp).toEqual({ host: "127.0.0.1", port: 9191 });
    expect(parseConfig({ KUBEBYON_WORKER_HTTP_ADDR: "[::1]:9090" }).workerHttp).toEqual({ host: "::1", port: 9090 });
    expect(parseConfig({ KUBEBYON_WORKER_HTTP_ADDR: "127.0.0.1:0" }).workerHttp).toEqual({ host: "127.0.0.1", port: 0 });
    expect(() => parseConfig({ KUBEBYON_WORKER_HTTP_ADDR: ":70000" })).toThrow(/KUBEBYON_WORKER_HTTP_ADDR: expected \[host\]:port .* e\.g\. :9090/);
    expect(() => parseConfig({ KUBEBYON_WORKER_HTTP_ADDR: "9090" })).toThrow(/KUBEBYON_WORKER_HTTP_ADDR/);
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

  it("control-plane edge: defaults (haproxy on PATH, 0.0.0.0:443, 10 s, no paths), every variable mapped", () => {
    expect(parseConfig({}).controlPlaneEdge).toEqual({
      haproxyBin: "haproxy",
      configPath: undefined,
      masterSocketPath: undefined,
      statsSocketPath: undefined,
      bind: { address: "0.0.0.0", port: 443 },
      syncIntervalSeconds: 10,
    });
    const c = parseConfig({
      KUBEBYON_HAPROXY_BIN: "/usr/sbin/haproxy",
      KUBEBYON_HAPROXY_CONFIG_PATH: "/run/haproxy/haproxy.cfg",
      KUBEBYON_HAPROXY_MASTER_SOCKET: "/run/haproxy/master.sock",
      KUBEBYON_HAPROXY_STATS_SOCKET: "/run/haproxy/edge.sock",
      KUBEBYON_EDGE_BIND_ADDR: "[::]:8443",
      KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS: "1",
    }).controlPlaneEdge;
    expect(c).toEqual({
      haproxyBin: "/usr/sbin/haproxy",
      configPath: "/run/haproxy/haproxy.cfg",
      masterSocketPath: "/run/haproxy/master.sock",
      statsSocketPath: "/run/haproxy/edge.sock",
      bind: { address: "::", port: 8443 },
      syncIntervalSeconds: 1,
    });
    expect(parseConfig({ KUBEBYON_EDGE_BIND_ADDR: "10.0.0.5:443" }).controlPlaneEdge.bind).toEqual({ address: "10.0.0.5", port: 443 });
  });

  it("control-plane edge: bad values are refused with the variable's name", () => {
    for (const bad of ["443", ":443", "0.0.0.0", "0.0.0.0:0", "0.0.0.0:70000", "edge.example.com:443", "::1:443", "[10.0.0.1]:443", "[::1]443"]) {
      expect(() => parseConfig({ KUBEBYON_EDGE_BIND_ADDR: bad }), bad).toThrow(/KUBEBYON_EDGE_BIND_ADDR: expected an IP address and port/);
    }
    expect(() => parseConfig({ KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS: "0" })).toThrow(/KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS: "soon" })).toThrow(/KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_HAPROXY_CONFIG_PATH: "haproxy.cfg" })).toThrow(/KUBEBYON_HAPROXY_CONFIG_PATH: expected an absolute path/);
    expect(() => parseConfig({ KUBEBYON_HAPROXY_MASTER_SOCKET: "/run/my socket" })).toThrow(/KUBEBYON_HAPROXY_MASTER_SOCKET: expected an absolute path/);
    expect(() => parseConfig({ KUBEBYON_HAPROXY_STATS_SOCKET: "edge.sock" })).toThrow(/KUBEBYON_HAPROXY_STATS_SOCKET: expected an absolute path/);
  });

  it("requireHaproxyEdge: names the missing config path or master socket, returns both when set", () => {
    expect(() => requireHaproxyEdge(parseConfig({ KUBEBYON_HAPROXY_MASTER_SOCKET: "/run/haproxy/master.sock" }))).toThrow(
      /KUBEBYON_HAPROXY_CONFIG_PATH: required when KUBEBYON_PUBLIC_ACCESS_PROVIDER=haproxy/,
    );
    expect(() => requireHaproxyEdge(parseConfig({ KUBEBYON_HAPROXY_CONFIG_PATH: "/run/haproxy/haproxy.cfg" }))).toThrow(
      /KUBEBYON_HAPROXY_MASTER_SOCKET: required when KUBEBYON_PUBLIC_ACCESS_PROVIDER=haproxy/,
    );
    expect(() => requireHaproxyEdge(parseConfig({}))).toThrow(ConfigError);
    const edge = requireHaproxyEdge(parseConfig({ KUBEBYON_HAPROXY_CONFIG_PATH: "/run/haproxy/haproxy.cfg", KUBEBYON_HAPROXY_MASTER_SOCKET: "/run/haproxy/master.sock" }));
    expect(edge).toMatchObject({ configPath: "/run/haproxy/haproxy.cfg", masterSocketPath: "/run/haproxy/master.sock" });
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

  it("KUBEBYON_NODE_ALERT_*: 300 s unhealthy, 60 s recovery, 30 min cooldown, 15 s checks by default; whole seconds in range", () => {
    expect(parseConfig({}).nodeAlerts).toEqual({ unhealthySeconds: 300, recoverySeconds: 60, cooldownSeconds: 1_800, checkIntervalSeconds: 15 });
    const set = parseConfig({ KUBEBYON_NODE_ALERT_UNHEALTHY_SECONDS: "2", KUBEBYON_NODE_ALERT_RECOVERY_SECONDS: "0", KUBEBYON_NODE_ALERT_COOLDOWN_SECONDS: "0", KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS: "1" });
    expect(set.nodeAlerts).toEqual({ unhealthySeconds: 2, recoverySeconds: 0, cooldownSeconds: 0, checkIntervalSeconds: 1 });
    expect(() => parseConfig({ KUBEBYON_NODE_ALERT_UNHEALTHY_SECONDS: "0" })).toThrow(/KUBEBYON_NODE_ALERT_UNHEALTHY_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS: "1.5" })).toThrow(/KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_NODE_ALERT_COOLDOWN_SECONDS: "-1" })).toThrow(/KUBEBYON_NODE_ALERT_COOLDOWN_SECONDS/);
  });

  it("KUBEBYON_CONTROL_PLANE_*: 30 s probes, 5 s timeout, unreachable after 90 s by default; the timeout within the interval", () => {
    expect(parseConfig({}).controlPlaneHealth).toEqual({ intervalSeconds: 30, timeoutSeconds: 5, unreachableAfterSeconds: 90 });
    const set = parseConfig({ KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS: "2", KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS: "1", KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS: "0" });
    expect(set.controlPlaneHealth).toEqual({ intervalSeconds: 2, timeoutSeconds: 1, unreachableAfterSeconds: 0 });
    expect(() => parseConfig({ KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS: "0" })).toThrow(/KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS: "-1" })).toThrow(/KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS: "3", KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS: "4" })).toThrow(/must not exceed KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS/);
  });

  it("KUBEBYON_METRICS_*: on, 30 s interval, 10 s timeout, 4 at once, 24 h / 7 d / 90 d retention by default", () => {
    expect(parseConfig({}).metrics).toEqual({
      enabled: true,
      collectIntervalSeconds: 30,
      scrapeTimeoutSeconds: 10,
      scrapeConcurrency: 4,
      retention: { rawHours: 24, fiveMinuteDays: 7, oneHourDays: 90 },
    });
    const tuned = parseConfig({
      KUBEBYON_METRICS_ENABLED: "false",
      KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS: "60",
      KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS: "60",
      KUBEBYON_METRICS_SCRAPE_CONCURRENCY: "1",
      KUBEBYON_METRICS_RAW_RETENTION_HOURS: "48",
      KUBEBYON_METRICS_5M_RETENTION_DAYS: "14",
      KUBEBYON_METRICS_1H_RETENTION_DAYS: "365",
    }).metrics;
    expect(tuned).toEqual({ enabled: false, collectIntervalSeconds: 60, scrapeTimeoutSeconds: 60, scrapeConcurrency: 1, retention: { rawHours: 48, fiveMinuteDays: 14, oneHourDays: 365 } });
    expect(() => parseConfig({ KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS: "4" })).toThrow(/KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_METRICS_RAW_RETENTION_HOURS: "0" })).toThrow(/KUBEBYON_METRICS_RAW_RETENTION_HOURS/);
    expect(() => parseConfig({ KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS: "31" })).toThrow(
      /^invalid configuration: KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS: must not exceed KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS \(30\); lower the timeout or raise the interval/,
    );
  });

  it("retention: hourly passes of 1 000-row batches, a year of audit, days per table, 0 keeps a table forever", () => {
    expect(parseConfig({}).retention).toEqual({
      intervalSeconds: 3_600,
      batchSize: 1_000,
      days: { audit_events: 365, node_events: 30, cluster_jobs: 30, cluster_operations: 90, notification_deliveries: 30, sessions: 30, join_sessions: 30, email_verification_codes: 7, password_resets: 7 },
    });
    const set = parseConfig({ KUBEBYON_AUDIT_RETENTION_DAYS: "0", KUBEBYON_SESSION_RETENTION_DAYS: "2", KUBEBYON_RETENTION_BATCH_SIZE: "50", KUBEBYON_RETENTION_INTERVAL_SECONDS: "600" }).retention;
    expect(set).toMatchObject({ intervalSeconds: 600, batchSize: 50, days: { audit_events: 0, sessions: 2, node_events: 30 } });
    expect(() => parseConfig({ KUBEBYON_NODE_EVENT_RETENTION_DAYS: "-1" })).toThrow(/KUBEBYON_NODE_EVENT_RETENTION_DAYS/);
    expect(() => parseConfig({ KUBEBYON_RETENTION_INTERVAL_SECONDS: "10" })).toThrow(/KUBEBYON_RETENTION_INTERVAL_SECONDS/);
    expect(() => parseConfig({ KUBEBYON_RETENTION_BATCH_SIZE: "0" })).toThrow(/KUBEBYON_RETENTION_BATCH_SIZE/);
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

  it("first admin: admin@kubebyon.local by default, lower-cased, with the password even when the email is the default", () => {
    expect(parseConfig({}).firstAdmin).toEqual({ email: "admin@kubebyon.local", password: undefined });
    expect(parseConfig({ KUBEBYON_ADMIN_EMAIL: "Ops@Example.com", KUBEBYON_ADMIN_PASSWORD: "long-enough-pw" }).firstAdmin).toEqual({ email: "ops@example.com", password: "long-enough-pw" });
    expect(parseConfig({ KUBEBYON_ADMIN_PASSWORD: "long-enough-pw" }).firstAdmin.password).toBe("long-enough-pw");
    expect(() => parseConfig({ KUBEBYON_ADMIN_PASSWORD: "short" })).toThrow(/^invalid configuration: KUBEBYON_ADMIN_PASSWORD: expected at least 12 characters \(got "<redacted>"\)$/);
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
