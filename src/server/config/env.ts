import { isIP } from "node:net";
import os from "node:os";
import { z } from "zod";
import { parseResolverAddress } from "@/server/domain/dns/resolver-address";
import { vclusterRouteSchema, type VclusterRouteSetting } from "@/server/domain/clusters/platform-route";
import type { SharedGatewayRef } from "@/server/domain/clusters/control-plane-tls-route";
import { isDnsLabel } from "@/server/domain/clusters/dns-names";
import { DEFAULT_PUBLIC_ACCESS_PROVIDER, publicAccessProviderSchema, type PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { ClassifiedFailure } from "@/server/domain/jobs/failure-class";
import type { MetricRetention } from "@/server/domain/cluster-metrics/metric-resolution";
import { parseCidrList } from "@/server/domain/net/cidr";
import { DEFAULT_KUBECONFIG_TTL_SECONDS, MAX_KUBECONFIG_TTL_SECONDS, MIN_KUBECONFIG_TTL_SECONDS } from "@/server/domain/kubeconfigs/kubeconfig-ttl";

/**
 * The one place where environment variables are read. Every entry point
 * (Next instrumentation, route handlers, worker, scripts) calls loadConfig();
 * nothing else touches process.env for settings. docs/configuration.md lists
 * every variable below — keep the two in step.
 */

const bool = (fallback: boolean) =>
  z
    .stringbool({ truthy: ["true", "1", "yes", "on"], falsy: ["false", "0", "no", "off"] })
    .optional()
    .transform((v) => v ?? fallback);

const int = (fallback: number, min = 0) =>
  z.coerce.number().int().min(min).optional().transform((v) => v ?? fallback);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\/.+/, "expected postgresql://user:password@host:5432/db")
  .optional();

const amqpUrl = z
  .string()
  .trim()
  .regex(/^amqps?:\/\/.+/, "expected amqp://user:password@host:5672/vhost")
  .optional()
  .or(z.literal("").transform(() => undefined));

const httpAddr = z
  .string()
  .trim()
  .regex(/^([0-9a-zA-Z.\-[\]:]*):(\d{1,5})$/, "expected [host]:port, e.g. :3000 or 127.0.0.1:3000")
  .optional()
  .transform((v) => v ?? ":3000");

const commaList = z
  .string()
  .optional()
  .transform((v) => (v ?? "").split(",").map((s) => s.trim()).filter(Boolean));

const cidrList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    try {
      return parseCidrList(v ?? "");
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `expected comma-separated CIDRs like 127.0.0.1/32,10.0.0.0/8 (${(error as Error).message})` });
      return z.NEVER;
    }
  });

/** An http(s) base URL without its trailing slash (provider endpoints are appended to it). */
const baseUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, message: "expected an http(s) URL such as https://github.com" })
    .optional()
    .transform((v) => (v ?? fallback).replace(/\/+$/, ""));

/**
 * An RBAC object name (apimachinery's path-segment rule: not "." or "..", no "/" or "%"); ":" is
 * allowed, as in system:aggregate-to-edit.
 */
const rbacName = optionalText.pipe(
  z
    .string()
    .max(253)
    .regex(/^[^/%]+$/, "expected a ClusterRole name (no / or %)")
    .refine((v) => v !== "." && v !== "..", "expected a ClusterRole name")
    .optional(),
);

/** A Kubernetes object name (DNS-1123 subdomain: lower-case labels joined by dots, at most 253 characters). */
const objectName = (what: string) =>
  optionalText.pipe(
    z
      .string()
      .max(253, `expected ${what} (at most 253 characters)`)
      .refine((v) => v.split(".").every((label) => isDnsLabel(label)), `expected ${what} (lower-case letters, digits, '-' and '.')`)
      .optional(),
  );

/** Comma-separated DNS servers (ip or ip:port, [v6]:port); empty: the system resolver. */
const resolverList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    try {
      return (v ?? "").split(",").map((s) => s.trim()).filter(Boolean).map(parseResolverAddress);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `expected comma-separated DNS servers like 1.1.1.1,10.0.0.2:53 (${(error as Error).message})` });
      return z.NEVER;
    }
  });

/** An absolute path without whitespace (HAProxy config and socket paths: rendered into haproxy.cfg / its command line). */
const absolutePath = optionalText.pipe(z.string().regex(/^\/\S*$/, "expected an absolute path without spaces, e.g. /run/haproxy/haproxy.cfg").optional());

/** A listening address host:port or [v6]:port; the host must be an IP address (HAProxy binds it without a resolver). */
const ipBindAddr = (fallback: string, example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const text = v || fallback;
      const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):(\d{1,5})$/.exec(text);
      const address = match?.[1] ?? match?.[2];
      const port = Number(match?.[3]);
      if (!address || isIP(address) === 0 || (match?.[1] !== undefined) !== (isIP(address) === 6) || port < 1 || port > 65535) {
        ctx.addIssue({ code: "custom", message: `expected an IP address and port 1-65535, e.g. ${example}` });
        return z.NEVER;
      }
      return { address, port };
    });

/** The HAProxy edge's listening address. */
const edgeBindAddr = ipBindAddr("0.0.0.0:443", "0.0.0.0:443, 0.0.0.0:8443 or [::]:443");

/** An https:// base URL without query or fragment (what a vCluster's apiserver calls the admission webhook at). */
const httpsBaseUrl = optionalText.pipe(
  z
    .string()
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === "https:" && !url.search && !url.hash && !url.username && !url.password;
      } catch {
        return false;
      }
    }, "expected an https:// URL without query, fragment or credentials, e.g. https://kubebyon-admission.kubebyon.svc:443")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
);

/** A cert-manager issuerRef kind; unset: ClusterIssuer. */
const issuerKind = z
  .enum(["Issuer", "ClusterIssuer"], { message: "expected Issuer or ClusterIssuer" })
  .optional();

const logLevel = z.enum(["debug", "info", "warn", "error"]).optional().transform((v) => v ?? "info");

export const envSchema = z.object({
  DATABASE_URL: postgresUrl,
  KUBEBYON_DATABASE_DSN: postgresUrl,
  KUBEBYON_HTTP_ADDR: httpAddr,
  KUBEBYON_PUBLIC_URL: z.url({ message: "expected the console's public URL, e.g. https://console.example.com" }).optional(),
  KUBEBYON_CORS_ALLOWED_ORIGINS: commaList,
  KUBEBYON_SESSION_COOKIE_SECURE: bool(false),
  KUBEBYON_SESSION_TTL_HOURS: int(168, 1),
  KUBEBYON_SESSION_IDLE_TIMEOUT_MINUTES: int(720, 1),
  KUBEBYON_AUTH_SECRET: z.string().min(32, "expected at least 32 random characters (openssl rand -hex 32)").optional(),
  NEXTAUTH_SECRET: z.string().min(32, "expected at least 32 random characters (openssl rand -hex 32)").optional(),
  KUBEBYON_JOIN_RATE_LIMIT_WINDOW_SECONDS: int(3, 1),
  KUBEBYON_JOIN_RATE_LIMIT_BURST: int(5, 1),
  KUBEBYON_JOIN_RATE_LIMIT_MAX_ENTRIES: int(10_000, 1),
  // Join sessions (docs/join-sessions.md): the clock-skew preflight limit and when a quiet session times out.
  KUBEBYON_JOIN_CLOCK_SKEW_SECONDS: int(60, 1),
  KUBEBYON_JOIN_SESSION_TIMEOUT_SECONDS: int(900, 60),
  KUBEBYON_AUTH_RATE_LIMIT_WINDOW_SECONDS: int(30, 1),
  KUBEBYON_AUTH_RATE_LIMIT_BURST: int(5, 1),
  KUBEBYON_AUTH_RATE_LIMIT_MAX_ENTRIES: int(5_000, 1),
  KUBEBYON_TRUSTED_PROXY_CIDRS: cidrList,
  KUBEBYON_KUBECONFIG_PATH: optionalText,
  KUBEBYON_HELM_BIN: optionalText.transform((v) => v ?? "helm"),
  KUBEBYON_KUBECTL_BIN: optionalText.transform((v) => v ?? "kubectl"),
  KUBEBYON_KUBECTL_TIMEOUT_SECONDS: int(20, 1),
  KUBEBYON_KUBECTL_MAX_OUTPUT_BYTES: int(1_048_576, 1024),
  KUBEBYON_VCLUSTER_VALUES_FILE: optionalText,
  KUBEBYON_VCLUSTER_ROUTE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "auto")
    .pipe(z.enum(vclusterRouteSchema.options, { message: `expected one of ${vclusterRouteSchema.options.join(", ")}` })),
  KUBEBYON_PUBLIC_ACCESS_PROVIDER: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || DEFAULT_PUBLIC_ACCESS_PROVIDER)
    .pipe(z.enum(publicAccessProviderSchema.options, { message: `expected one of ${publicAccessProviderSchema.options.join(", ")}` })),
  // Control-plane edge, provider haproxy (docs/control-plane-edge.md): the HAProxy this process drives.
  KUBEBYON_HAPROXY_BIN: optionalText.transform((v) => v ?? "haproxy"),
  KUBEBYON_HAPROXY_CONFIG_PATH: absolutePath,
  KUBEBYON_HAPROXY_MASTER_SOCKET: absolutePath,
  KUBEBYON_HAPROXY_STATS_SOCKET: absolutePath,
  KUBEBYON_EDGE_BIND_ADDR: edgeBindAddr,
  KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS: int(10, 1),
  // The shared Gateway of the gatewayapi provider (docs/control-plane-edge.md); required only with that provider.
  KUBEBYON_GATEWAY_NAME: objectName("the shared Gateway's name"),
  KUBEBYON_GATEWAY_NAMESPACE: optionalText.pipe(z.string().refine((v) => isDnsLabel(v), "expected a namespace name (a DNS label)").optional()),
  KUBEBYON_GATEWAY_LISTENER: objectName("the Gateway listener's name (sectionName)").transform((v) => v ?? "tls-passthrough"),
  // Hours a replaced public name stays in a control plane's certificate (0: none); docs/control-plane-edge.md.
  KUBEBYON_SAN_GRACE_HOURS: int(72, 0),
  KUBEBYON_WORKLOAD_GATEWAY_ENABLED: bool(false),
  KUBEBYON_WORKLOAD_GATEWAY_NAME: objectName("the workload Gateway's name"),
  KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE: optionalText.pipe(z.string().refine((v) => isDnsLabel(v), "expected a namespace name (a DNS label)").optional()),
  KUBEBYON_WORKLOAD_GATEWAY_LISTENER: objectName("the workload Gateway's HTTP listener name (sectionName)").transform((v) => v ?? "http"),
  KUBEBYON_WORKLOAD_SYNC_INTERVAL_SECONDS: int(30, 5),
  KUBEBYON_WORKLOAD_PROBE_TIMEOUT_MS: int(1_000, 50),
  KUBEBYON_WORKLOAD_TLS_ENABLED: bool(false),
  KUBEBYON_WORKLOAD_TLS_ISSUER_KIND: issuerKind,
  KUBEBYON_WORKLOAD_TLS_ISSUER_NAME: objectName("a cert-manager issuer's name"),
  KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED: bool(false),
  KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_KIND: issuerKind,
  KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_NAME: objectName("a cert-manager issuer's name"),
  KUBEBYON_WORKLOAD_PODCIDR_ROUTE_MODE: z
    .enum(["off", "local", "routeagent"], { message: "expected off, local or routeagent" })
    .optional()
    .transform((v) => v ?? "off"),
  KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: z.coerce
    .number()
    .int()
    .min(5, "expected a route protocol number 5–254 (0–4 are the kernel's, 255 is reserved)")
    .max(254, "expected a route protocol number 5–254 (0–4 are the kernel's, 255 is reserved)")
    .optional()
    .transform((v) => v ?? 211),
  KUBEBYON_ADMISSION_WEBHOOK_ENABLED: bool(false),
  KUBEBYON_ADMISSION_WEBHOOK_LISTEN: ipBindAddr("0.0.0.0:9443", "0.0.0.0:9443 or [::]:9443"),
  KUBEBYON_ADMISSION_WEBHOOK_URL: httpsBaseUrl,
  KUBEBYON_ADMISSION_WEBHOOK_FAILURE_POLICY: z
    .enum(["Fail", "Ignore"], { message: "expected Fail or Ignore" })
    .optional()
    .transform((v) => v ?? "Fail"),
  KUBEBYON_ADMISSION_WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, "expected 1-30 (the Kubernetes limit for a webhook's timeoutSeconds)")
    .max(30, "expected 1-30 (the Kubernetes limit for a webhook's timeoutSeconds)")
    .optional()
    .transform((v) => v ?? 5),
  KUBEBYON_ADMISSION_WEBHOOK_SYNC_INTERVAL_SECONDS: int(60, 5),
  KUBEBYON_VCLUSTER_CHART: optionalText.transform((v) => v ?? "vcluster"),
  KUBEBYON_VCLUSTER_CHART_REPO: optionalText.transform((v) => v ?? "https://charts.loft.sh"),
  KUBEBYON_VCLUSTER_CHART_VERSION: optionalText.transform((v) => v ?? "0.33.0"),
  // Managed workload ingress (docs/managed-ingress.md): the ingress-nginx chart by name from the repo, or a local chart.
  KUBEBYON_MANAGED_INGRESS_CHART: optionalText.transform((v) => v ?? "ingress-nginx"),
  KUBEBYON_MANAGED_INGRESS_CHART_REPO: optionalText.transform((v) => v ?? "https://kubernetes.github.io/ingress-nginx"),
  KUBEBYON_MANAGED_INGRESS_CHART_VERSION: optionalText.transform((v) => v ?? "4.15.1"),
  KUBEBYON_PLATFORM_API_KEY_SECRET_NAME: optionalText.transform((v) => v ?? "vcluster-platform-api-key"),
  KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE: optionalText.transform((v) => v ?? "kubebyon-system"),
  KUBEBYON_TENANT_CLUSTER_ROLE: rbacName,
  KUBEBYON_RABBITMQ_URL: amqpUrl,
  KUBEBYON_RABBITMQ_QUEUE: optionalText.transform((v) => v ?? "kubebyon.cluster-jobs"),
  KUBEBYON_WORKER_ID: optionalText,
  KUBEBYON_JOB_LEASE_SECONDS: int(60, 5),
  KUBEBYON_JOB_POLL_INTERVAL_MS: int(2_000, 100),
  KUBEBYON_JOB_CONCURRENCY: int(10, 1),
  KUBEBYON_NODE_OBSERVER_RESCAN_SECONDS: int(10, 1),
  KUBEBYON_NODE_ALERT_UNHEALTHY_SECONDS: int(300, 1),
  KUBEBYON_NODE_ALERT_RECOVERY_SECONDS: int(60, 0),
  KUBEBYON_NODE_ALERT_COOLDOWN_SECONDS: int(1_800, 0),
  KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS: int(15, 1),
  // Control-plane health (docs/cluster-runtime.md "Control-plane health").
  KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS: int(30, 1),
  KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS: int(5, 1),
  KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS: int(90, 0),
  KUBEBYON_DNS_CHECK_RESOLVERS: resolverList,
  KUBEBYON_DNS_CHECK_INTERVAL_SECONDS: int(60, 5),
  KUBEBYON_DNS_SYNC_INTERVAL_SECONDS: int(60, 5),
  // Control-plane metrics of each cluster (docs/metrics.md).
  KUBEBYON_METRICS_ENABLED: bool(true),
  KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS: int(30, 5),
  KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS: int(10, 1),
  KUBEBYON_METRICS_SCRAPE_CONCURRENCY: int(4, 1),
  KUBEBYON_METRICS_RAW_RETENTION_HOURS: int(24, 1),
  KUBEBYON_METRICS_5M_RETENTION_DAYS: int(7, 1),
  KUBEBYON_METRICS_1H_RETENTION_DAYS: int(90, 1),
  // Join-token cleanup (docs/join-tokens.md "Cleanup").
  KUBEBYON_JOIN_TOKEN_CLEANUP_INTERVAL_SECONDS: int(300, 10),
  KUBEBYON_JOIN_TOKEN_RETENTION_DAYS: int(30, 1),
  KUBEBYON_CLOUDFLARE_API_BASE_URL: baseUrl("https://api.cloudflare.com/client/v4"),
  KUBEBYON_ADMIN_EMAIL: z.email({ message: "expected an email address" }).optional(),
  KUBEBYON_ADMIN_PASSWORD: z.string().min(12, "expected at least 12 characters").optional(),
  KUBEBYON_GITHUB_CLIENT_ID: optionalText,
  KUBEBYON_GITHUB_CLIENT_SECRET: optionalText,
  KUBEBYON_GOOGLE_CLIENT_ID: optionalText,
  KUBEBYON_GOOGLE_CLIENT_SECRET: optionalText,
  KUBEBYON_GITHUB_BASE_URL: baseUrl("https://github.com"),
  KUBEBYON_GITHUB_API_URL: baseUrl("https://api.github.com"),
  KUBEBYON_GOOGLE_ISSUER: baseUrl("https://accounts.google.com"),
  KUBEBYON_SMTP_HOST: optionalText,
  KUBEBYON_SMTP_PORT: int(587, 1),
  KUBEBYON_SMTP_SECURE: bool(false),
  KUBEBYON_SMTP_USER: optionalText,
  KUBEBYON_SMTP_PASSWORD: optionalText,
  KUBEBYON_SMTP_FROM: z.string().trim().optional(),
  KUBEBYON_LOG_LEVEL: logLevel,
  KUBEBYON_DATA_DIR: optionalText.transform((v) => v ?? ".data"),
  KUBEBYON_EMBEDDED_POSTGRES_PORT: int(54329, 1),
  // Issue 15: how long a downloaded kubeconfig's token lives (docs/cluster-access.md), within what TokenRequest issues.
  KUBEBYON_KUBECONFIG_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(MIN_KUBECONFIG_TTL_SECONDS, `expected at least ${MIN_KUBECONFIG_TTL_SECONDS} seconds (the TokenRequest API issues nothing shorter)`)
    .max(MAX_KUBECONFIG_TTL_SECONDS, `expected at most ${MAX_KUBECONFIG_TTL_SECONDS} seconds (7 days)`)
    .optional()
    .transform((v) => v ?? DEFAULT_KUBECONFIG_TTL_SECONDS),
  // Issue 16: how long a web process reuses an API key's owner lookup; revocations are heard at once (docs/security.md).
  KUBEBYON_API_KEY_CACHE_SECONDS: z.coerce.number().int().min(0, "expected 0 (off) or more seconds").max(60, "expected at most 60 seconds").optional().transform((v) => v ?? 5),
});

export type RawEnv = z.input<typeof envSchema>;

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
  platformApiKey: { secretName: string; sourceNamespace: string };
  /**
   * ClusterRole the platform binds to itself (RoleBinding kubebyon-platform) in each cluster
   * namespace it creates; undefined: its identity already holds those rights everywhere.
   */
  tenantClusterRole: string | undefined;
  rabbitmqUrl: string | undefined;
  rabbitmqQueue: string;
  workerId: string;
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
  firstAdmin: { email: string; password: string | undefined } | undefined;
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
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    const got = typeof env[name] === "string" ? ` (got ${JSON.stringify(redactIfSecret(name, env[name] ?? ""))})` : "";
    throw new ConfigError(`invalid configuration: ${name}: ${issue?.message ?? "invalid value"}${got}`);
  }
  const e = result.data;
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
    platformApiKey: {
      secretName: e.KUBEBYON_PLATFORM_API_KEY_SECRET_NAME,
      sourceNamespace: e.KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE,
    },
    tenantClusterRole: e.KUBEBYON_TENANT_CLUSTER_ROLE,
    rabbitmqUrl: e.KUBEBYON_RABBITMQ_URL,
    rabbitmqQueue: e.KUBEBYON_RABBITMQ_QUEUE,
    workerId: e.KUBEBYON_WORKER_ID ?? `${os.hostname()}-${process.pid}`,
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
    firstAdmin: e.KUBEBYON_ADMIN_EMAIL
      ? { email: e.KUBEBYON_ADMIN_EMAIL.toLowerCase(), password: e.KUBEBYON_ADMIN_PASSWORD }
      : undefined,
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

export interface ControlPlaneHealthConfig {
  /** Seconds between two probe passes of the leader. */
  intervalSeconds: number;
  /** Per cluster: connecting and GET /readyz together. */
  timeoutSeconds: number;
  /** How long probes must keep failing before connection_status turns unreachable (0: at the first failure). */
  unreachableAfterSeconds: number;
}

function controlPlaneHealthConfig(e: z.output<typeof envSchema>): ControlPlaneHealthConfig {
  // A probe that may outlast the interval would make passes overlap the schedule they are meant to keep.
  if (e.KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS > e.KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS) {
    throw new ConfigError(
      `invalid configuration: KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS: must not exceed KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS (${e.KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS}); lower the timeout or raise the interval`,
    );
  }
  return {
    intervalSeconds: e.KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS,
    timeoutSeconds: e.KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS,
    unreachableAfterSeconds: e.KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS,
  };
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

function metricsConfig(e: z.output<typeof envSchema>): MetricsConfig {
  if (e.KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS > e.KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS) {
    throw new ConfigError(
      `invalid configuration: KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS: must not exceed KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS (${e.KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS}); lower the timeout or raise the interval`,
    );
  }
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

function redactIfSecret(name: string, value: string): string {
  return /SECRET|PASSWORD|DSN|DATABASE_URL|RABBITMQ_URL/.test(name) ? "<redacted>" : value;
}
