import os from "node:os";
import { z } from "zod";
import type { VclusterRouteSetting } from "@/server/domain/clusters/platform-route";
import type { SharedGatewayRef } from "@/server/domain/clusters/control-plane-tls-route";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { ClassifiedFailure } from "@/server/domain/jobs/failure-class";
import type { RetentionDays } from "@/server/domain/retention/retention-policy";
import type { MetricRetention } from "@/server/domain/cluster-metrics/metric-resolution";
import type { parseCidrList } from "@/server/domain/net/cidr";
import { isSecretSetting, SETTINGS, type ProcessName, type SettingName } from "./settings";

/**
 * The one place where environment variables are read. Every entry point
 * (Next instrumentation, route handlers, worker, scripts) calls loadConfig();
 * nothing else touches process.env for settings. The variables themselves are
 * declared once, in settings.ts (the registry); this module parses the ones the
 * platform's processes read and assembles Config from them.
 */

type SchemaOf<N extends SettingName> = { [K in N]: (typeof SETTINGS)[K]["kind"]["schema"] };

/** The zod object of the given registry entries (each entry's kind carries its schema and default). */
export function settingsSchema<N extends SettingName>(names: readonly N[]): z.ZodObject<SchemaOf<N>> {
  return z.object(Object.fromEntries(names.map((name) => [name, SETTINGS[name].kind.schema]))) as unknown as z.ZodObject<SchemaOf<N>>;
}

/** Names of the registry entries read by one of the given processes. */
type ReadBy<P extends ProcessName> = {
  [K in SettingName]: [Extract<(typeof SETTINGS)[K]["readBy"][number], P>] extends [never] ? never : K;
}[SettingName];

/** The variables of the platform's own processes (web, worker, `npm run up`); the route agent has its own (route-agent-env.ts). */
export type PlatformSettingName = ReadBy<"web" | "worker" | "up">;
export type RouteAgentSettingName = ReadBy<"route-agent">;

export const settingNamesReadBy = <P extends ProcessName>(...processes: P[]): ReadBy<P>[] =>
  (Object.keys(SETTINGS) as SettingName[]).filter((name) => SETTINGS[name].readBy.some((p) => (processes as ProcessName[]).includes(p))) as ReadBy<P>[];

export const envSchema = settingsSchema(settingNamesReadBy("web", "worker", "up"));

/**
 * Parses `env` with `schema`; throws ConfigError whose message is one line naming the (first) bad
 * variable and, unless the registry marks it secret, the value it got.
 */
export function parseSettings<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined>): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    const got = typeof env[name] === "string" ? ` (got ${JSON.stringify(isSecretSetting(name) ? "<redacted>" : env[name])})` : "";
    throw new ConfigError(`invalid configuration: ${name}: ${issue?.message ?? "invalid value"}${got}`);
  }
  return result.data;
}

export interface Config {
  databaseUrl: string | undefined;
  httpHost: string;
  httpPort: number;
  publicUrl: string | undefined;
  corsAllowedOrigins: string[];
  sessionCookieSecure: boolean;
  /** Absolute session lifetime from login. */
  sessionTtlHours: number;
  /** A session unused for this long ends even before its absolute lifetime. */
  sessionIdleMinutes: number;
  /** KUBEBYON_API_KEY_CACHE_SECONDS: how long an API key's owner lookup is reused; 0 turns the cache off. */
  apiKeyCacheSeconds: number;
  authSecret: string | undefined;
  joinRateLimit: RateLimitConfig;
  authRateLimit: RateLimitConfig;
  /** Join sessions: the clock-skew preflight limit and the quiet-session timeout (KUBEBYON_JOIN_*; docs/join-sessions.md). */
  joinSessions: JoinSessionConfig;
  trustedProxyCidrs: ReturnType<typeof parseCidrList>;
  kubeconfigPath: string | undefined;
  /** How the platform reaches each vCluster (KUBEBYON_VCLUSTER_ROUTE; "auto" is decided at start-up). */
  vclusterRoute: VclusterRouteSetting;
  /** How loadbalancer-mode clusters are served (KUBEBYON_PUBLIC_ACCESS_PROVIDER, domain/clusters/public-access-provider.ts). */
  publicAccessProvider: PublicAccessProvider;
  /** The HAProxy control-plane edge of this process (used when publicAccessProvider is haproxy; requireHaproxyEdge). */
  controlPlaneEdge: ControlPlaneEdgeConfig;
  /**
   * The shared Gateway every cluster's TLSRoute attaches to (KUBEBYON_GATEWAY_*). Name and namespace
   * are read by requireSharedGateway on first use, so a process that never runs cluster jobs starts
   * without them.
   */
  sharedGateway: { name: string | undefined; namespace: string | undefined; listener: string };
  /** How long the public name a cluster's change replaced stays in its certificate (KUBEBYON_SAN_GRACE_HOURS; 0: not at all). */
  sanGraceHours: number;
  /** The workload edge (KUBEBYON_WORKLOAD_*, docs/workload-edge.md); requireWorkloadEdge checks it where it runs. */
  workloadEdge: WorkloadEdgeConfig;
  /** The admission webhook (KUBEBYON_ADMISSION_WEBHOOK_*, docs/admission-webhook.md); requireAdmissionWebhook checks it where it runs. */
  admissionWebhook: AdmissionWebhookConfig;
  helmBin: string;
  kubectl: { bin: string; timeoutSeconds: number; maxOutputBytes: number };
  vcluster: { chart: string; chartRepo: string; chartVersion: string; valuesFile: string | undefined };
  /** The managed ingress controller's chart (KUBEBYON_MANAGED_INGRESS_CHART*). */
  managedIngress: { chart: string; chartRepo: string; chartVersion: string };
  /** The managed ingress re-check (docs/managed-ingress.md "Re-check"): seconds between passes, reinstall a broken one by itself. */
  managedIngressCheck: { intervalSeconds: number; autoRepair: boolean };
  platformApiKey: { secretName: string; sourceNamespace: string };
  /**
   * ClusterRole the platform binds to itself (RoleBinding kubebyon-platform) in each cluster
   * namespace it creates; undefined: its identity already holds those rights everywhere.
   */
  tenantClusterRole: string | undefined;
  rabbitmqUrl: string | undefined;
  rabbitmqQueue: string;
  workerId: string;
  /** The worker's /healthz, /readyz and /metrics listener (worker/worker-http.ts); host undefined: every address. */
  workerHttp: { host: string | undefined; port: number };
  jobLeaseSeconds: number;
  jobPollIntervalMs: number;
  /** Jobs one process runs at once: a create spends most of its time waiting on helm and the vCluster Pod. */
  jobConcurrency: number;
  /** How often the node observer re-reads which clusters to watch. */
  nodeObserverRescanSeconds: number;
  /** Node health alerts (KUBEBYON_NODE_ALERT_*, docs/cluster-runtime.md "Node health alerts"). */
  nodeAlerts: NodeAlertConfig;
  /** Control-plane health (KUBEBYON_CONTROL_PLANE_*, docs/cluster-runtime.md "Control-plane health"). */
  controlPlaneHealth: ControlPlaneHealthConfig;
  /** The hostname-binding DNS check: servers asked (empty: the system resolver) and the loop's period. */
  dnsCheck: { resolvers: string[]; intervalSeconds: number };
  /** DNS automation: seconds between reconcile passes, and where the Cloudflare API is (a proxy, tests). */
  dnsAutomation: { syncIntervalSeconds: number; cloudflareApiBaseUrl: string };
  /** Control-plane metrics collection (KUBEBYON_METRICS_*, docs/metrics.md). */
  metrics: MetricsConfig;
  /** The join-token cleanup loop (docs/join-tokens.md "Cleanup"): seconds between passes, days a cleaned row is kept. */
  joinTokenCleanup: { intervalSeconds: number; retentionDays: number };
  /** The retention task (KUBEBYON_RETENTION_*, KUBEBYON_*_RETENTION_DAYS, docs/retention.md). */
  retention: RetentionConfig;
  /** The administrator a database without any gets (ensureFirstAdmin); the password is generated when unset. */
  firstAdmin: { email: string; password: string | undefined };
  oauth: { github?: OAuthClient; google?: OAuthClient };
  /** Where the providers live; the real services unless pointed elsewhere (GitHub Enterprise, tests). */
  oauthEndpoints: { githubBaseUrl: string; githubApiUrl: string; googleIssuer: string };
  smtp: SmtpConfig | undefined;
  logLevel: "debug" | "info" | "warn" | "error";
  dataDir: string;
  embeddedPostgresPort: number;
  /** KUBEBYON_KUBECONFIG_TTL_SECONDS: the default lifetime of a per-user kubeconfig, before the plan's bound. */
  kubeconfigTtlSeconds: number;
}

export interface NodeAlertConfig {
  unhealthySeconds: number;
  recoverySeconds: number;
  cooldownSeconds: number;
  checkIntervalSeconds: number;
}

export interface ControlPlaneEdgeConfig {
  haproxyBin: string;
  /** The file the HAProxy master was started with (-f); required with provider haproxy where jobs run. */
  configPath: string | undefined;
  /** The master CLI socket (-S); required likewise. */
  masterSocketPath: string | undefined;
  /** Rendered as `stats socket … expose-fd listeners`, so a reloaded worker takes the listening sockets over. */
  statsSocketPath: string | undefined;
  bind: { address: string; port: number };
  syncIntervalSeconds: number;
}

export interface WorkloadIssuerRef {
  kind: "Issuer" | "ClusterIssuer";
  name: string;
}

export interface AdmissionWebhookConfig {
  enabled: boolean;
  /** Where the web process serves the webhook over HTTPS. */
  listen: { address: string; port: number };
  /** The base URL the vClusters' apiservers call (usually the chart's Service); required when enabled. */
  url: string | undefined;
  failurePolicy: "Fail" | "Ignore";
  timeoutSeconds: number;
  /** How often the configuration in every vCluster is checked and re-applied when it changed. */
  syncIntervalSeconds: number;
}

export interface WorkloadEdgeConfig {
  enabled: boolean;
  /** The shared workload Gateway (the charts' gatewayAPI.workload Gateway) and its chart-owned HTTP listener. */
  gateway: { name: string | undefined; namespace: string | undefined; listener: string };
  syncIntervalSeconds: number;
  /** How long the TCP connect to a controller pod IP may take before the pod counts as unreachable. */
  probeTimeoutMs: number;
  tls: {
    enabled: boolean;
    /** The workload default issuer (shared Certificates; self-managed ones without an override). */
    issuer: { kind: WorkloadIssuerRef["kind"]; name: string | undefined };
    /** Dedicated Certificates for self-managed hostnames (off: those are served over HTTP only). */
    selfManaged: { enabled: boolean; issuerOverride: WorkloadIssuerRef | undefined };
  };
  /** How host-side traffic reaches pod IPs on the joined nodes (docs/workload-edge.md "PodCIDR routes"). */
  podCidrRoutes: { mode: "off" | "local" | "routeagent"; protocol: number };
}

export interface RateLimitConfig {
  windowSeconds: number;
  burst: number;
  maxEntries: number;
}
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

export interface JoinSessionConfig {
  clockSkewSeconds: number;
  timeoutSeconds: number;
}

/** A setting is missing or wrong: permanent, so a cluster job that meets one fails at once with the message. */
export class ConfigError extends Error implements ClassifiedFailure {
  readonly failureClass = "permanent";

  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const e = parseSettings(envSchema, env);
  const [host, port] = splitAddr(e.KUBEBYON_HTTP_ADDR);
  return {
    databaseUrl: e.DATABASE_URL ?? e.KUBEBYON_DATABASE_DSN,
    httpHost: host,
    httpPort: port,
    publicUrl: e.KUBEBYON_PUBLIC_URL,
    corsAllowedOrigins: e.KUBEBYON_CORS_ALLOWED_ORIGINS,
    sessionCookieSecure: e.KUBEBYON_SESSION_COOKIE_SECURE,
    sessionTtlHours: e.KUBEBYON_SESSION_TTL_HOURS,
    sessionIdleMinutes: e.KUBEBYON_SESSION_IDLE_TIMEOUT_MINUTES,
    apiKeyCacheSeconds: e.KUBEBYON_API_KEY_CACHE_SECONDS,
    authSecret: e.KUBEBYON_AUTH_SECRET ?? e.NEXTAUTH_SECRET,
    joinRateLimit: {
      windowSeconds: e.KUBEBYON_JOIN_RATE_LIMIT_WINDOW_SECONDS,
      burst: e.KUBEBYON_JOIN_RATE_LIMIT_BURST,
      maxEntries: e.KUBEBYON_JOIN_RATE_LIMIT_MAX_ENTRIES,
    },
    joinSessions: { clockSkewSeconds: e.KUBEBYON_JOIN_CLOCK_SKEW_SECONDS, timeoutSeconds: e.KUBEBYON_JOIN_SESSION_TIMEOUT_SECONDS },
    authRateLimit: {
      windowSeconds: e.KUBEBYON_AUTH_RATE_LIMIT_WINDOW_SECONDS,
      burst: e.KUBEBYON_AUTH_RATE_LIMIT_BURST,
      maxEntries: e.KUBEBYON_AUTH_RATE_LIMIT_MAX_ENTRIES,
    },
    trustedProxyCidrs: e.KUBEBYON_TRUSTED_PROXY_CIDRS,
    kubeconfigPath: e.KUBEBYON_KUBECONFIG_PATH,
    vclusterRoute: e.KUBEBYON_VCLUSTER_ROUTE,
    publicAccessProvider: e.KUBEBYON_PUBLIC_ACCESS_PROVIDER,
    controlPlaneEdge: {
      haproxyBin: e.KUBEBYON_HAPROXY_BIN,
      configPath: e.KUBEBYON_HAPROXY_CONFIG_PATH,
      masterSocketPath: e.KUBEBYON_HAPROXY_MASTER_SOCKET,
      statsSocketPath: e.KUBEBYON_HAPROXY_STATS_SOCKET,
      bind: e.KUBEBYON_EDGE_BIND_ADDR,
      syncIntervalSeconds: e.KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS,
    },
    sharedGateway: { name: e.KUBEBYON_GATEWAY_NAME, namespace: e.KUBEBYON_GATEWAY_NAMESPACE, listener: e.KUBEBYON_GATEWAY_LISTENER },
    sanGraceHours: e.KUBEBYON_SAN_GRACE_HOURS,
    workloadEdge: workloadEdgeConfig(e),
    admissionWebhook: {
      enabled: e.KUBEBYON_ADMISSION_WEBHOOK_ENABLED,
      listen: e.KUBEBYON_ADMISSION_WEBHOOK_LISTEN,
      url: e.KUBEBYON_ADMISSION_WEBHOOK_URL,
      failurePolicy: e.KUBEBYON_ADMISSION_WEBHOOK_FAILURE_POLICY,
      timeoutSeconds: e.KUBEBYON_ADMISSION_WEBHOOK_TIMEOUT_SECONDS,
      syncIntervalSeconds: e.KUBEBYON_ADMISSION_WEBHOOK_SYNC_INTERVAL_SECONDS,
    },
    helmBin: e.KUBEBYON_HELM_BIN,
    kubectl: {
      bin: e.KUBEBYON_KUBECTL_BIN,
      timeoutSeconds: e.KUBEBYON_KUBECTL_TIMEOUT_SECONDS,
      maxOutputBytes: e.KUBEBYON_KUBECTL_MAX_OUTPUT_BYTES,
    },
    vcluster: {
      chart: e.KUBEBYON_VCLUSTER_CHART,
      chartRepo: e.KUBEBYON_VCLUSTER_CHART_REPO,
      chartVersion: e.KUBEBYON_VCLUSTER_CHART_VERSION,
      valuesFile: e.KUBEBYON_VCLUSTER_VALUES_FILE,
    },
    managedIngress: {
      chart: e.KUBEBYON_MANAGED_INGRESS_CHART,
      chartRepo: e.KUBEBYON_MANAGED_INGRESS_CHART_REPO,
      chartVersion: e.KUBEBYON_MANAGED_INGRESS_CHART_VERSION,
    },
    managedIngressCheck: { intervalSeconds: e.KUBEBYON_MANAGED_INGRESS_CHECK_INTERVAL_SECONDS, autoRepair: e.KUBEBYON_MANAGED_INGRESS_AUTO_REPAIR },
    platformApiKey: {
      secretName: e.KUBEBYON_PLATFORM_API_KEY_SECRET_NAME,
      sourceNamespace: e.KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE,
    },
    tenantClusterRole: e.KUBEBYON_TENANT_CLUSTER_ROLE,
    rabbitmqUrl: e.KUBEBYON_RABBITMQ_URL,
    rabbitmqQueue: e.KUBEBYON_RABBITMQ_QUEUE,
    workerId: e.KUBEBYON_WORKER_ID ?? `${os.hostname()}-${process.pid}`,
    workerHttp: e.KUBEBYON_WORKER_HTTP_ADDR,
    jobLeaseSeconds: e.KUBEBYON_JOB_LEASE_SECONDS,
    jobPollIntervalMs: e.KUBEBYON_JOB_POLL_INTERVAL_MS,
    jobConcurrency: e.KUBEBYON_JOB_CONCURRENCY,
    nodeObserverRescanSeconds: e.KUBEBYON_NODE_OBSERVER_RESCAN_SECONDS,
    nodeAlerts: {
      unhealthySeconds: e.KUBEBYON_NODE_ALERT_UNHEALTHY_SECONDS,
      recoverySeconds: e.KUBEBYON_NODE_ALERT_RECOVERY_SECONDS,
      cooldownSeconds: e.KUBEBYON_NODE_ALERT_COOLDOWN_SECONDS,
      checkIntervalSeconds: e.KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS,
    },
    controlPlaneHealth: controlPlaneHealthConfig(e),
    dnsCheck: { resolvers: e.KUBEBYON_DNS_CHECK_RESOLVERS, intervalSeconds: e.KUBEBYON_DNS_CHECK_INTERVAL_SECONDS },
    dnsAutomation: { syncIntervalSeconds: e.KUBEBYON_DNS_SYNC_INTERVAL_SECONDS, cloudflareApiBaseUrl: e.KUBEBYON_CLOUDFLARE_API_BASE_URL },
    metrics: metricsConfig(e),
    joinTokenCleanup: { intervalSeconds: e.KUBEBYON_JOIN_TOKEN_CLEANUP_INTERVAL_SECONDS, retentionDays: e.KUBEBYON_JOIN_TOKEN_RETENTION_DAYS },
    retention: retentionConfig(e),
    firstAdmin: { email: e.KUBEBYON_ADMIN_EMAIL.toLowerCase(), password: e.KUBEBYON_ADMIN_PASSWORD },
    oauth: {
      github: pairedClient("KUBEBYON_GITHUB", e.KUBEBYON_GITHUB_CLIENT_ID, e.KUBEBYON_GITHUB_CLIENT_SECRET),
      google: pairedClient("KUBEBYON_GOOGLE", e.KUBEBYON_GOOGLE_CLIENT_ID, e.KUBEBYON_GOOGLE_CLIENT_SECRET),
    },
    oauthEndpoints: { githubBaseUrl: e.KUBEBYON_GITHUB_BASE_URL, githubApiUrl: e.KUBEBYON_GITHUB_API_URL, googleIssuer: e.KUBEBYON_GOOGLE_ISSUER },
    smtp: smtpConfig(e),
    logLevel: e.KUBEBYON_LOG_LEVEL,
    dataDir: e.KUBEBYON_DATA_DIR,
    embeddedPostgresPort: e.KUBEBYON_EMBEDDED_POSTGRES_PORT,
    kubeconfigTtlSeconds: e.KUBEBYON_KUBECONFIG_TTL_SECONDS,
  };
}

/** Values that must exist for a process that serves or works on data. */
export function requireDatabaseUrl(config: Config): string {
  if (!config.databaseUrl) {
    throw new ConfigError(
      "invalid configuration: DATABASE_URL: required (expected postgresql://user:password@host:5432/db; `npm run up` starts an embedded PostgreSQL when it is unset)",
    );
  }
  return config.databaseUrl;
}

export function requireAuthSecret(config: Config): string {
  if (!config.authSecret) {
    throw new ConfigError(
      "invalid configuration: KUBEBYON_AUTH_SECRET: required (expected at least 32 random characters, e.g. `openssl rand -hex 32`)",
    );
  }
  return config.authSecret;
}

/**
 * The HAProxy a job-processing process drives with provider haproxy: its config file and master
 * socket must be set (they are where that HAProxy was started), else the process refuses to start.
 */
export function requireHaproxyEdge(config: Pick<Config, "controlPlaneEdge">): ControlPlaneEdgeConfig & { configPath: string; masterSocketPath: string } {
  const edge = config.controlPlaneEdge;
  const missing = !edge.configPath ? "KUBEBYON_HAPROXY_CONFIG_PATH" : !edge.masterSocketPath ? "KUBEBYON_HAPROXY_MASTER_SOCKET" : undefined;
  if (missing || !edge.configPath || !edge.masterSocketPath) {
    throw new ConfigError(
      `invalid configuration: ${missing}: required when KUBEBYON_PUBLIC_ACCESS_PROVIDER=haproxy in a process that runs jobs (expected the ${missing === "KUBEBYON_HAPROXY_CONFIG_PATH" ? "haproxy.cfg path" : "master socket path"} the local HAProxy was started with: haproxy -W -S <master socket>,mode,600 -f <config>; docs/control-plane-edge.md)`,
    );
  }
  return { ...edge, configPath: edge.configPath, masterSocketPath: edge.masterSocketPath };
}

/**
 * The shared Gateway of the gatewayapi provider. Asked by the cluster jobs' publish_route step (the
 * host-cluster adapters are built on first use too), which then fails with this message.
 */
export function requireSharedGateway(config: Pick<Config, "sharedGateway">): SharedGatewayRef {
  const { name, namespace, listener } = config.sharedGateway;
  if (!name || !namespace) {
    const missing = [name ? null : "KUBEBYON_GATEWAY_NAME", namespace ? null : "KUBEBYON_GATEWAY_NAMESPACE"].filter(Boolean).join(", ");
    throw new ConfigError(
      `invalid configuration: ${missing}: required when KUBEBYON_PUBLIC_ACCESS_PROVIDER=gatewayapi (expected the shared Gateway with the TLS Passthrough listener, e.g. the Helm chart's gatewayAPI.controlPlane Gateway)`,
    );
  }
  return { name, namespace, sectionName: listener };
}

/**
 * The workload edge with everything it needs, for a job-processing process to start its syncer; throws
 * ConfigError naming the first missing variable (the process does not start half-configured).
 */
export function requireWorkloadEdge(config: Pick<Config, "workloadEdge">): WorkloadEdgeConfig & { gateway: { name: string; namespace: string; listener: string } } {
  const edge = config.workloadEdge;
  const { name, namespace, listener } = edge.gateway;
  if (!name || !namespace) {
    const missing = [name ? null : "KUBEBYON_WORKLOAD_GATEWAY_NAME", namespace ? null : "KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE"].filter(Boolean).join(", ");
    throw new ConfigError(
      `invalid configuration: ${missing}: required when KUBEBYON_WORKLOAD_GATEWAY_ENABLED=true (expected the shared workload Gateway, e.g. the Helm chart's gatewayAPI.workload Gateway)`,
    );
  }
  if (edge.tls.enabled && !edge.tls.issuer.name) {
    throw new ConfigError(
      "invalid configuration: KUBEBYON_WORKLOAD_TLS_ISSUER_NAME: required when KUBEBYON_WORKLOAD_TLS_ENABLED=true (expected the cert-manager Issuer or ClusterIssuer that signs the workload certificates)",
    );
  }
  return { ...edge, gateway: { name, namespace, listener } };
}

/** The admission webhook when it is on, with its URL; throws ConfigError naming the variable when it is on without one. */
export function requireAdmissionWebhook(config: Pick<Config, "admissionWebhook">): AdmissionWebhookConfig & { url: string } {
  const hook = config.admissionWebhook;
  if (!hook.url) {
    throw new ConfigError(
      "invalid configuration: KUBEBYON_ADMISSION_WEBHOOK_URL: required when KUBEBYON_ADMISSION_WEBHOOK_ENABLED=true (expected the https:// URL the vClusters' apiservers reach the platform's webhook at, e.g. the Helm chart's kubebyon-admission Service)",
    );
  }
  return { ...hook, url: hook.url };
}

let cached: Config | undefined;

/** Process-wide config, parsed once. Tests call parseConfig() directly. */
export function loadConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

function splitAddr(addr: string): [string, number] {
  const idx = addr.lastIndexOf(":");
  const host = addr.slice(0, idx).replace(/^\[|\]$/g, "") || "0.0.0.0";
  const port = Number(addr.slice(idx + 1));
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`invalid configuration: KUBEBYON_HTTP_ADDR: port must be 1-65535 (got ${JSON.stringify(addr)})`);
  }
  return [host, port];
}

function pairedClient(prefix: string, id: string | undefined, secret: string | undefined): OAuthClient | undefined {
  if (!id && !secret) return undefined;
  if (!id || !secret) {
    const missing = id ? `${prefix}_CLIENT_SECRET` : `${prefix}_CLIENT_ID`;
    throw new ConfigError(`invalid configuration: ${missing}: required when ${prefix}_CLIENT_ID/_SECRET is partly set (expected the OAuth app's value)`);
  }
  return { clientId: id, clientSecret: secret };
}

export interface MetricsConfig {
  /** The collector loop runs in job-processing processes; the history API and /metrics read what it stored either way. */
  enabled: boolean;
  collectIntervalSeconds: number;
  scrapeTimeoutSeconds: number;
  /** Clusters scraped at once, so one slow cluster does not hold up the others. */
  scrapeConcurrency: number;
  retention: MetricRetention;
}

/**
 * A per-pass timeout may not outlast its pass's interval: a call that may take longer would make passes overlap the
 * schedule they are meant to keep. Throws ConfigError naming both variables.
 */
function requireTimeoutWithinInterval(e: z.output<typeof envSchema>, timeout: PlatformSettingName, interval: PlatformSettingName): void {
  if (Number(e[timeout]) > Number(e[interval])) {
    throw new ConfigError(`invalid configuration: ${timeout}: must not exceed ${interval} (${String(e[interval])}); lower the timeout or raise the interval`);
  }
}

function metricsConfig(e: z.output<typeof envSchema>): MetricsConfig {
  requireTimeoutWithinInterval(e, "KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS", "KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS");
  return {
    enabled: e.KUBEBYON_METRICS_ENABLED,
    collectIntervalSeconds: e.KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS,
    scrapeTimeoutSeconds: e.KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS,
    scrapeConcurrency: e.KUBEBYON_METRICS_SCRAPE_CONCURRENCY,
    retention: {
      rawHours: e.KUBEBYON_METRICS_RAW_RETENTION_HOURS,
      fiveMinuteDays: e.KUBEBYON_METRICS_5M_RETENTION_DAYS,
      oneHourDays: e.KUBEBYON_METRICS_1H_RETENTION_DAYS,
    },
  };
}

export interface ControlPlaneHealthConfig {
  /** Seconds between two probe passes of the leader. */
  intervalSeconds: number;
  /** Per cluster: connecting and GET /readyz together. */
  timeoutSeconds: number;
  /** How long probes must keep failing before connection_status turns unreachable (0: at the first failure). */
  unreachableAfterSeconds: number;
}

function controlPlaneHealthConfig(e: z.output<typeof envSchema>): ControlPlaneHealthConfig {
  requireTimeoutWithinInterval(e, "KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS", "KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS");
  return {
    intervalSeconds: e.KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS,
    timeoutSeconds: e.KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS,
    unreachableAfterSeconds: e.KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS,
  };
}

export interface RetentionConfig {
  intervalSeconds: number;
  /** Rows deleted per statement at most. */
  batchSize: number;
  days: RetentionDays;
}

function retentionConfig(e: z.output<typeof envSchema>): RetentionConfig {
  return {
    intervalSeconds: e.KUBEBYON_RETENTION_INTERVAL_SECONDS,
    batchSize: e.KUBEBYON_RETENTION_BATCH_SIZE,
    days: {
      audit_events: e.KUBEBYON_AUDIT_RETENTION_DAYS,
      node_events: e.KUBEBYON_NODE_EVENT_RETENTION_DAYS,
      cluster_jobs: e.KUBEBYON_CLUSTER_JOB_RETENTION_DAYS,
      cluster_operations: e.KUBEBYON_CLUSTER_OPERATION_RETENTION_DAYS,
      notification_deliveries: e.KUBEBYON_NOTIFICATION_DELIVERY_RETENTION_DAYS,
      sessions: e.KUBEBYON_SESSION_RETENTION_DAYS,
      join_sessions: e.KUBEBYON_JOIN_SESSION_RETENTION_DAYS,
      email_verification_codes: e.KUBEBYON_EMAIL_CODE_RETENTION_DAYS,
      password_resets: e.KUBEBYON_PASSWORD_RESET_RETENTION_DAYS,
    },
  };
}

function workloadEdgeConfig(e: z.output<typeof envSchema>): WorkloadEdgeConfig {
  const overrideName = e.KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_NAME;
  if (e.KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_KIND && !overrideName) {
    throw new ConfigError(
      "invalid configuration: KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_NAME: required when KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_KIND is set (expected the issuer's name; unset both to use the workload default issuer)",
    );
  }
  if (e.KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED && !e.KUBEBYON_WORKLOAD_TLS_ENABLED) {
    throw new ConfigError("invalid configuration: KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED: needs KUBEBYON_WORKLOAD_TLS_ENABLED=true (self-managed certificates are served by the HTTPS listeners)");
  }
  return {
    enabled: e.KUBEBYON_WORKLOAD_GATEWAY_ENABLED,
    gateway: { name: e.KUBEBYON_WORKLOAD_GATEWAY_NAME, namespace: e.KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE, listener: e.KUBEBYON_WORKLOAD_GATEWAY_LISTENER },
    syncIntervalSeconds: e.KUBEBYON_WORKLOAD_SYNC_INTERVAL_SECONDS,
    probeTimeoutMs: e.KUBEBYON_WORKLOAD_PROBE_TIMEOUT_MS,
    tls: {
      enabled: e.KUBEBYON_WORKLOAD_TLS_ENABLED,
      issuer: { kind: e.KUBEBYON_WORKLOAD_TLS_ISSUER_KIND ?? "ClusterIssuer", name: e.KUBEBYON_WORKLOAD_TLS_ISSUER_NAME },
      selfManaged: {
        enabled: e.KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED,
        issuerOverride: overrideName ? { kind: e.KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_KIND ?? "ClusterIssuer", name: overrideName } : undefined,
      },
    },
    podCidrRoutes: { mode: e.KUBEBYON_WORKLOAD_PODCIDR_ROUTE_MODE, protocol: e.KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO },
  };
}

function smtpConfig(e: z.output<typeof envSchema>): SmtpConfig | undefined {
  if (!e.KUBEBYON_SMTP_HOST) return undefined;
  if (!e.KUBEBYON_SMTP_FROM) {
    throw new ConfigError("invalid configuration: KUBEBYON_SMTP_FROM: required when KUBEBYON_SMTP_HOST is set (expected e.g. \"KubeBYON <noreply@example.com>\")");
  }
  return {
    host: e.KUBEBYON_SMTP_HOST,
    port: e.KUBEBYON_SMTP_PORT,
    secure: e.KUBEBYON_SMTP_SECURE,
    user: e.KUBEBYON_SMTP_USER,
    password: e.KUBEBYON_SMTP_PASSWORD,
    from: e.KUBEBYON_SMTP_FROM,
  };
}
