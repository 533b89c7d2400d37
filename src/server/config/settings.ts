import { VCLUSTER_ROUTES } from "@/server/domain/clusters/platform-route";
import { DEFAULT_PUBLIC_ACCESS_PROVIDER, PUBLIC_ACCESS_PROVIDERS } from "@/server/domain/clusters/public-access-provider";
import { DEFAULT_RETENTION_DAYS } from "@/server/domain/retention/retention-policy";
import { DEFAULT_KUBECONFIG_TTL_SECONDS, MAX_KUBECONFIG_TTL_SECONDS, MIN_KUBECONFIG_TTL_SECONDS } from "@/server/domain/kubeconfigs/kubeconfig-ttl";
import {
  absolutePath,
  amqpUrl,
  baseUrl,
  choice,
  cidrList,
  commaList,
  email,
  flag,
  foreign,
  hostPort,
  httpsBaseUrl,
  integer,
  ipBindAddr,
  listenAddr,
  namespaceName,
  objectName,
  password,
  postgresUrl,
  rawText,
  rbacName,
  requiredNodeName,
  resolverList,
  secretKey,
  text,
  url,
  type SettingKind,
} from "./setting-kinds";

/**
 * THE REGISTRY OF ENVIRONMENT VARIABLES: each variable is declared here once — its kind (schema and
 * default), what it means, whether it is a secret, which processes read it, and how each deployment
 * sets it. Everything else is derived from this object:
 *   - env.ts parses the platform's variables with it and assembles Config (route-agent-env.ts the agent's);
 *   - `npm run config:generate` (scripts/config-generate.ts) writes the tables of docs/configuration.md,
 *     the `config` allow-list of both charts' values.schema.json and the three .env.example files;
 *     scripts/config/generated-files.test.ts fails when one of them is stale.
 *
 * Adding a variable: one entry below (in the section it belongs to; order = order in docs and
 * examples), one line where parseConfig (env.ts) puts it into Config, then `npm run config:generate`.
 * Before adding one, read the rule in docs/configuration.md ("Environment variable or system
 * setting?"): what an admin changes at run time belongs in system_settings, not here.
 */

/** The processes that read a variable: `next start`, `npm run worker`, the route agent DaemonSet, the `npm run up` launcher. */
export type ProcessName = "web" | "worker" | "route-agent" | "up";

/** How the Helm charts (deployments/common/helm) give the variable to the platform pods. */
export type ChartWiring =
  /** Offered under `config` (the ConfigMap); the schema's allow-list is generated from these. */
  | { readonly kind: "config" }
  /** A secret the operator puts into the Secret named by `secretEnv.existingSecret` (never the ConfigMap). */
  | { readonly kind: "secretEnv" }
  /**
   * The chart sets it from its own values (`from`, for the docs), always or only `when` that chart value
   * is on; `config` refuses it. Secrets arrive by secretKeyRef, the rest in the ConfigMap.
   */
  | { readonly kind: "wired"; readonly from: string; readonly when?: ChartCondition }
  /** Not set in the charts at all, for the reason given. */
  | { readonly kind: "absent"; readonly why: string };

/** Chart values under which the charts set a wired variable (the deployment tests render each). */
export type ChartCondition = "gatewayAPI.controlPlane.enabled" | "gatewayAPI.workload.enabled" | "gatewayAPI.workload.podCIDRRoute.mode=routeagent";

/** How the docker compose deployments set it: listed in `.env.example`, set by compose.yaml itself, or not at all. */
export type ComposeWiring = "env" | "wired" | "absent";

export interface SettingDeclaration<T = unknown> {
  readonly section: SectionKey;
  readonly kind: SettingKind<T>;
  /** Markdown for the docs table; its first sentence is the one-line summary in .env.example and the charts' schema. */
  readonly doc: string;
  /** The docs' Default cell when the kind's default does not say it (a derived or generated value). */
  readonly defaultDoc?: string;
  /** Never echoed in errors or logs, never given a default in docs or examples, never in a ConfigMap. */
  readonly secret?: true;
  readonly readBy: readonly ProcessName[];
  readonly chart: ChartWiring;
  readonly compose: ComposeWiring;
  /** Only where there is a broker and workers (multi-node chart and compose). */
  readonly multiNodeOnly?: true;
  /** Another name for the same setting (the spec's or a library's); examples list only the main name. */
  readonly aliasOf?: string;
  /** Read by this library the platform runs, not by Config (env.ts accepts it as is). */
  readonly library?: string;
  /**
   * Breaks the rule of docs/configuration.md ("Environment variable or system setting?"): product policy
   * an admin would change at run time. Says why; listed in the docs until it moves to system_settings.
   */
  readonly systemSettingCandidate?: string;
}

export const SECTIONS = {
  process: "Process and HTTP",
  database: "Database",
  sessions: "Sessions, accounts and rate limits",
  oauth: "OAuth and email",
  kubernetes: "Kubernetes, Helm and vCluster",
  publicAccess: "Public access and the control-plane edge",
  managedIngress: "Managed workload ingress",
  workloadEdge: "Workload edge",
  routeAgent: "Route agent",
  admissionWebhook: "Admission webhook",
  kubeconfigs: "Per-user kubeconfigs",
  jobs: "Jobs and multi-node mode",
  dnsAutomation: "DNS automation",
  metrics: "Control-plane metrics",
  joinTokenCleanup: "Join-token cleanup",
  retention: "Retention",
} as const;
export type SectionKey = keyof typeof SECTIONS;

const WEB = ["web"] as const;
/** The job-processing settings: read by the web process (single-node: it runs the jobs) and the workers. */
const PLATFORM = ["web", "worker"] as const;
const EVERY_PROCESS = ["web", "worker", "route-agent"] as const;

const CONFIG: ChartWiring = { kind: "config" };
const SECRET_ENV: ChartWiring = { kind: "secretEnv" };
const wired = (from: string, when?: ChartCondition): ChartWiring => ({ kind: "wired", from, ...(when ? { when } : {}) });
const absent = (why: string): ChartWiring => ({ kind: "absent", why });

/** Keeps each entry's value type (for Config) and its readers (which schema it is in) while checking it against SettingDeclaration. */
const setting = <T, const R extends readonly ProcessName[]>(declaration: SettingDeclaration<T> & { readonly readBy: R }): SettingDeclaration<T> & { readonly readBy: R } =>
  declaration;

const ROUTE_AGENT_NODE_REQUIRED = "required: the host Node this agent runs on (the DaemonSet sets it from spec.nodeName)";
const ROUTE_PROTOCOL_RANGE = "expected a route protocol number 5–254 (0–4 are the kernel's, 255 is reserved)";
const WEBHOOK_TIMEOUT_RANGE = "expected 1-30 (the Kubernetes limit for a webhook's timeoutSeconds)";

export const SETTINGS = {
  // --- Process and HTTP ---
  KUBEBYON_HTTP_ADDR: setting({
    section: "process",
    kind: listenAddr(":3000"),
    doc: "`[host]:port` the console + API listens on (`npm run up` passes it to `next start`).",
    readBy: ["web", "up"],
    chart: wired("`web.port`"),
    compose: "wired",
  }),
  KUBEBYON_PUBLIC_URL: setting({
    section: "process",
    kind: url("expected the console's public URL, e.g. https://console.example.com"),
    defaultDoc: "`http://localhost:<port>`",
    doc: "The console's public URL (used for next-auth callbacks and links).",
    readBy: ["web", "up"],
    chart: wired("`publicUrl`"),
    compose: "env",
  }),
  NEXTAUTH_URL: setting({
    section: "process",
    kind: foreign(),
    defaultDoc: "= `KUBEBYON_PUBLIC_URL`",
    doc: "next-auth's own name for the same thing; set automatically by `npm run up`, the compose files and the charts.",
    readBy: WEB,
    chart: wired("`publicUrl`"),
    compose: "wired",
    library: "next-auth",
  }),
  NEXT_TELEMETRY_DISABLED: setting({
    section: "process",
    kind: foreign(),
    defaultDoc: "`1` from `npm run up`, the compose files and the charts",
    doc: "Next.js's own switch; keeps `next start` from sending telemetry.",
    readBy: WEB,
    chart: wired("always `1`"),
    compose: "wired",
    library: "Next.js",
  }),
  KUBEBYON_LOG_LEVEL: setting({
    section: "process",
    kind: choice(["debug", "info", "warn", "error"], "info"),
    doc: "Log level: `debug`, `info`, `warn` or `error`. Logs are JSON lines on stdout.",
    readBy: EVERY_PROCESS,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_DATA_DIR: setting({
    section: "process",
    kind: text(".data"),
    doc: "Where `npm run up` keeps the embedded PostgreSQL, its password and the generated auth secret.",
    readBy: ["up"],
    chart: absent("no embedded PostgreSQL"),
    compose: "absent",
  }),
  KUBEBYON_EMBEDDED_POSTGRES_PORT: setting({
    section: "process",
    kind: integer(54329, { min: 1 }),
    doc: "Loopback port of the embedded PostgreSQL (only when no database URL is set).",
    readBy: ["up"],
    chart: absent("no embedded PostgreSQL"),
    compose: "absent",
  }),

  // --- Database ---
  DATABASE_URL: setting({
    section: "database",
    kind: postgresUrl(),
    secret: true,
    doc: "`postgresql://user:password@host:5432/db`. When unset, `npm run up` starts an embedded PostgreSQL under `KUBEBYON_DATA_DIR`.",
    readBy: ["web", "worker", "up"],
    chart: wired("`database.bundled` or `database.external.existingSecret` (secretKeyRef)"),
    compose: "wired",
  }),
  KUBEBYON_DATABASE_DSN: setting({
    section: "database",
    kind: postgresUrl(),
    secret: true,
    doc: "The spec's name for the same DSN; used when `DATABASE_URL` is unset.",
    readBy: ["web", "worker", "up"],
    chart: absent("alias of `DATABASE_URL`"),
    compose: "absent",
    aliasOf: "DATABASE_URL",
  }),

  // --- Sessions, accounts and rate limits ---
  KUBEBYON_AUTH_SECRET: setting({
    section: "sessions",
    kind: secretKey(),
    secret: true,
    defaultDoc: "generated by `npm run up` into `.data/auth-secret`",
    doc: "≥ 32 random characters; signs/encrypts the `kubebyon_session` cookie, and keys the admission webhook's URL tokens and CA key encryption (see [Admission webhook](#admission-webhook)). Required when starting with `next start` directly, and by the worker when the admission webhook is on (the charts and the multi-node compose file pass it to the worker then).",
    readBy: ["web", "worker", "up"],
    chart: wired("`auth.existingSecret` or the generated Secret `<fullname>-auth` (secretKeyRef)"),
    compose: "env",
  }),
  NEXTAUTH_SECRET: setting({
    section: "sessions",
    kind: secretKey(),
    secret: true,
    doc: "next-auth's name for `KUBEBYON_AUTH_SECRET`; used when that is unset.",
    readBy: ["web", "worker", "up"],
    chart: absent("alias of `KUBEBYON_AUTH_SECRET`"),
    compose: "absent",
    aliasOf: "KUBEBYON_AUTH_SECRET",
  }),
  KUBEBYON_SESSION_COOKIE_SECURE: setting({
    section: "sessions",
    kind: flag(false),
    doc: "Set `true` on HTTPS sites so the session cookie is only sent over HTTPS. The charts default it to `true` for an `https://` `publicUrl`.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_SESSION_TTL_HOURS: setting({
    section: "sessions",
    kind: integer(168, { min: 1 }),
    doc: "Absolute lifetime of a login session (7 days): it ends this long after sign-in however active it is (the database row's `expires_at` and the cookie).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "a sign-in policy of the product, which an admin tightens or relaxes without redeploying",
  }),
  KUBEBYON_SESSION_IDLE_TIMEOUT_MINUTES: setting({
    section: "sessions",
    kind: integer(720, { min: 1 }),
    doc: "Idle timeout (12 hours): a session not used for this long ends on its next request (measured from `last_seen_at`, which is written at most once a minute).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "a sign-in policy of the product, which an admin tightens or relaxes without redeploying",
  }),
  KUBEBYON_API_KEY_CACHE_SECONDS: setting({
    section: "sessions",
    kind: integer(5, { min: 0, max: 60, tooSmall: "expected 0 (off) or more seconds", tooBig: "expected at most 60 seconds" }),
    doc: "How long a web process reuses an API key's owner lookup; `0` turns the cache off. Revocations are heard at once through a database trigger and a LISTEN connection per web process (docs/security.md \"API keys\").",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_CORS_ALLOWED_ORIGINS: setting({
    section: "sessions",
    kind: commaList(),
    doc: "Comma-separated browser console origins, matched exactly (`https://console.example.com`). Listed origins get CORS with credentials and may send cookie-authenticated writes (same-site, cross-origin set-ups). `*` answers any origin with `Access-Control-Allow-Origin: *` for API-key clients, never with credentials, and is never trusted by the cross-site check. `Sec-Fetch-Site: cross-site` cookie requests are refused even from a listed origin. See [security.md](security.md).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_TRUSTED_PROXY_CIDRS: setting({
    section: "sessions",
    kind: cidrList(),
    doc: "Comma-separated CIDRs of reverse proxies whose `X-Forwarded-For` / `X-Real-IP` are believed for the client address (audit, rate limits). Leave empty without a proxy.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_AUTH_RATE_LIMIT_WINDOW_SECONDS: setting({
    section: "sessions",
    kind: integer(30, { min: 1 }),
    doc: "Login/registration/code/reset limiter: one attempt refills every N seconds after a burst of `KUBEBYON_AUTH_RATE_LIMIT_BURST`; beyond it the answer is 429 with `Retry-After`.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_AUTH_RATE_LIMIT_BURST: setting({
    section: "sessions",
    kind: integer(5, { min: 1 }),
    doc: "Attempts the login/registration/code/reset limiter allows at once per client address.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_AUTH_RATE_LIMIT_MAX_ENTRIES: setting({
    section: "sessions",
    kind: integer(5_000, { min: 1 }),
    doc: "Client addresses the login limiter tracks at once (least recently used forgotten first).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOIN_RATE_LIMIT_WINDOW_SECONDS: setting({
    section: "sessions",
    kind: integer(3, { min: 1 }),
    doc: "Join-script download limiter: one download refills every N seconds after a burst (same semantics as the login limiter).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOIN_RATE_LIMIT_BURST: setting({
    section: "sessions",
    kind: integer(5, { min: 1 }),
    doc: "Join-script downloads allowed at once per client address.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOIN_RATE_LIMIT_MAX_ENTRIES: setting({
    section: "sessions",
    kind: integer(10_000, { min: 1 }),
    doc: "Client addresses the join limiter tracks at once.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOIN_CLOCK_SKEW_SECONDS: setting({
    section: "sessions",
    kind: integer(60, { min: 1 }),
    doc: "Join preflight: a machine whose clock differs from the platform's by more than this fails with `clock_skew` ([join-sessions.md](join-sessions.md)).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "a join policy users meet in the console; an admin adjusts it to the machines users bring",
  }),
  KUBEBYON_JOIN_SESSION_TIMEOUT_SECONDS: setting({
    section: "sessions",
    kind: integer(900, { min: 60 }),
    doc: "A join session with no event for this long ends as `timed_out` (`session_quiet`, or `node_not_registered` after the join script finished).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "a join policy users meet in the console; an admin adjusts it to the machines users bring",
  }),
  KUBEBYON_ADMIN_EMAIL: setting({
    section: "sessions",
    kind: email("admin@kubebyon.local"),
    doc: "First administrator, created on a database without any admin (with `KUBEBYON_ADMIN_PASSWORD`, or a generated password).",
    readBy: WEB,
    chart: wired("`admin.email`"),
    compose: "env",
  }),
  KUBEBYON_ADMIN_PASSWORD: setting({
    section: "sessions",
    kind: password(12),
    secret: true,
    defaultDoc: "generated",
    doc: "The first administrator's password, ≥ 12 characters. When unset, a password is generated and printed once on the start that creates the admin.",
    readBy: WEB,
    chart: wired("`admin.existingSecret` (secretKeyRef)"),
    compose: "env",
  }),

  // --- OAuth and email ---
  KUBEBYON_GITHUB_CLIENT_ID: setting({
    section: "oauth",
    kind: text(),
    doc: "GitHub OAuth app's client id; set with `KUBEBYON_GITHUB_CLIENT_SECRET` (both or neither). Overrides the app saved in system settings ([oauth.md](oauth.md#setup)).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_GITHUB_CLIENT_SECRET: setting({
    section: "oauth",
    kind: text(),
    secret: true,
    doc: "GitHub OAuth app's client secret; set with `KUBEBYON_GITHUB_CLIENT_ID`.",
    readBy: WEB,
    chart: SECRET_ENV,
    compose: "env",
  }),
  KUBEBYON_GOOGLE_CLIENT_ID: setting({
    section: "oauth",
    kind: text(),
    doc: "Google OAuth client id; set with `KUBEBYON_GOOGLE_CLIENT_SECRET` (both or neither). Overrides the app saved in system settings.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_GOOGLE_CLIENT_SECRET: setting({
    section: "oauth",
    kind: text(),
    secret: true,
    doc: "Google OAuth client secret; set with `KUBEBYON_GOOGLE_CLIENT_ID`.",
    readBy: WEB,
    chart: SECRET_ENV,
    compose: "env",
  }),
  KUBEBYON_GITHUB_BASE_URL: setting({
    section: "oauth",
    kind: baseUrl("https://github.com"),
    doc: "Where GitHub's `/login/oauth/authorize` and `/login/oauth/access_token` live (GitHub Enterprise: `https://ghe.example.com`; tests: the local fake provider). See [oauth.md](oauth.md).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_GITHUB_API_URL: setting({
    section: "oauth",
    kind: baseUrl("https://api.github.com"),
    doc: "GitHub REST API base for `/user` and `/user/emails` (GitHub Enterprise: `https://ghe.example.com/api/v3`).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_GOOGLE_ISSUER: setting({
    section: "oauth",
    kind: baseUrl("https://accounts.google.com"),
    doc: "OpenID issuer; endpoints and signing keys come from `<issuer>/.well-known/openid-configuration`.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_SMTP_HOST: setting({
    section: "oauth",
    kind: text(),
    doc: "SMTP server for verification codes, password resets and notifications. When set, all `KUBEBYON_SMTP_*` win over the admin's SMTP system setting; when unset, the system setting is used ([accounts.md](accounts.md#email-delivery-smtp)).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_SMTP_PORT: setting({
    section: "oauth",
    kind: integer(587, { min: 1 }),
    doc: "SMTP server port.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_SMTP_SECURE: setting({
    section: "oauth",
    kind: flag(false),
    doc: "`true` for implicit TLS (port 465); otherwise STARTTLS when offered.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_SMTP_USER: setting({
    section: "oauth",
    kind: text(),
    doc: "SMTP user name, if the server needs credentials.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_SMTP_PASSWORD: setting({
    section: "oauth",
    kind: text(),
    secret: true,
    doc: "SMTP password, if the server needs credentials.",
    readBy: PLATFORM,
    chart: SECRET_ENV,
    compose: "env",
  }),
  KUBEBYON_SMTP_FROM: setting({
    section: "oauth",
    kind: rawText(),
    doc: "Sender, e.g. `KubeBYON <noreply@example.com>`; required when `KUBEBYON_SMTP_HOST` is set.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),

  // --- Kubernetes, Helm and vCluster ---
  KUBEBYON_KUBECONFIG_PATH: setting({
    section: "kubernetes",
    kind: text(),
    defaultDoc: "in-cluster / `~/.kube/config`",
    doc: "Host cluster kubeconfig (e.g. `/etc/rancher/k3s/k3s.yaml`). With none of the three, `POST /clusters` answers 503 with this fix and the console's cluster list says so; Admin → Platform health checks the host.",
    readBy: EVERY_PROCESS,
    chart: absent("in-cluster: the pods use their ServiceAccount"),
    compose: "wired",
  }),
  KUBEBYON_HELM_BIN: setting({
    section: "kubernetes",
    kind: text("helm"),
    doc: "Path of the helm binary used for every install/upgrade. It runs with a minimal environment (PATH, TMPDIR, proxy and `SSL_CERT_*` variables, HOME, helm's `HELM_*_HOME`/`XDG_*` dirs; see [cluster-runtime.md](cluster-runtime.md#child-process-environment-helm-and-kubectl)), never the platform's secrets.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_KUBECTL_BIN: setting({
    section: "kubernetes",
    kind: text("kubectl"),
    doc: "kubectl used by the console's read-only kubectl proxy; runs with the same minimal environment and a private HOME.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_KUBECTL_TIMEOUT_SECONDS: setting({
    section: "kubernetes",
    kind: integer(20, { min: 1 }),
    doc: "A proxied kubectl command is killed after this long.",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_KUBECTL_MAX_OUTPUT_BYTES: setting({
    section: "kubernetes",
    kind: integer(1_048_576, { min: 1024 }),
    doc: "Output of a proxied kubectl command beyond this is cut off (and marked as truncated).",
    readBy: WEB,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_VCLUSTER_CHART: setting({
    section: "kubernetes",
    kind: text("vcluster"),
    doc: "vCluster chart name in the repository, or a local chart directory/`.tgz` for air-gapped hosts.",
    readBy: PLATFORM,
    chart: wired("`vcluster.chart`"),
    compose: "env",
  }),
  KUBEBYON_VCLUSTER_CHART_REPO: setting({
    section: "kubernetes",
    kind: text("https://charts.loft.sh"),
    doc: "vCluster chart repository (ignored for a local chart path).",
    readBy: PLATFORM,
    chart: wired("`vcluster.repo`"),
    compose: "env",
  }),
  KUBEBYON_VCLUSTER_CHART_VERSION: setting({
    section: "kubernetes",
    kind: text("0.33.0"),
    doc: "vCluster chart version.",
    readBy: PLATFORM,
    chart: wired("`vcluster.version`"),
    compose: "env",
  }),
  KUBEBYON_VCLUSTER_VALUES_FILE: setting({
    section: "kubernetes",
    kind: text(),
    doc: "Base values file passed to every vCluster install (per-cluster overrides are merged on top).",
    readBy: PLATFORM,
    chart: wired("`vcluster.values` (+ `vcluster.longhorn`), mounted from ConfigMap `<fullname>-vcluster-values`"),
    compose: "env",
  }),
  KUBEBYON_VCLUSTER_ROUTE: setting({
    section: "kubernetes",
    kind: choice(VCLUSTER_ROUTES, "auto", { message: `expected one of ${VCLUSTER_ROUTES.join(", ")}`, blankIsUnset: true }),
    doc: "How the platform itself reaches each vCluster (token issuance, node listing, probes, kubectl proxy, join-script proxy); users always get the public endpoint. `service`: `https://<release>.<namespace>:443` (in the vCluster certificate; needs the host cluster's DNS, so only inside the host cluster). `cluster-ip`: `https://<Service ClusterIP>:443` (in the certificate; reachable from any host node through kube-proxy, e.g. a systemd service beside k3s). `public`: the cluster's public endpoint; a cluster with public access off (or whose endpoint is still pending) is refused with a message naming this setting — no silent fallback. `auto`: `service` inside the host cluster (`KUBERNETES_SERVICE_HOST`/`PORT` and a service-account token, no `KUBEBYON_KUBECONFIG_PATH`), else `cluster-ip`. Never `<release>.<namespace>.svc`: vCluster's certificate does not cover it. See [cluster-runtime.md](cluster-runtime.md#how-the-platform-reaches-a-vcluster).",
    readBy: PLATFORM,
    chart: wired("`vcluster.route`"),
    compose: "env",
  }),
  KUBEBYON_PLATFORM_API_KEY_SECRET_NAME: setting({
    section: "kubernetes",
    kind: text("vcluster-platform-api-key"),
    doc: "Secret copied into each cluster namespace.",
    readBy: PLATFORM,
    chart: wired("`vcluster.platformApiKeySecret.name`"),
    compose: "env",
  }),
  KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE: setting({
    section: "kubernetes",
    kind: text("kubebyon-system"),
    doc: "Namespace the platform API key Secret is copied from.",
    readBy: PLATFORM,
    chart: wired("`vcluster.platformApiKeySecret.namespace` (empty: the release namespace)"),
    compose: "env",
  }),
  KUBEBYON_TENANT_CLUSTER_ROLE: setting({
    section: "kubernetes",
    kind: rbacName(),
    doc: "A ClusterRole the platform binds to its own identity in each cluster namespace, for least privilege. The RoleBinding `kubebyon-platform` (subject from a SelfSubjectReview) is made right after the namespace, before anything else there; every create and update converges it. For least privilege: the identity then needs cluster-wide only namespaces, nodes, rolebindings get/create/patch and `get` + `bind` on this one ClusterRole, not secrets, services or roles in every namespace of the host. Unset: the identity already holds every right (an admin kubeconfig). See [cluster-runtime.md](cluster-runtime.md#per-namespace-rolebinding-kubebyon_tenant_cluster_role).",
    readBy: PLATFORM,
    chart: wired("the chart's ClusterRole `<fullname>-tenant`"),
    compose: "env",
  }),

  // --- Public access and the control-plane edge ---
  KUBEBYON_PUBLIC_ACCESS_PROVIDER: setting({
    section: "publicAccess",
    kind: choice(PUBLIC_ACCESS_PROVIDERS, DEFAULT_PUBLIC_ACCESS_PROVIDER, {
      message: `expected one of ${PUBLIC_ACCESS_PROVIDERS.join(", ")}`,
      blankIsUnset: true,
    }),
    defaultDoc: "`servicelb` (the Helm charts: `haproxy`)",
    doc: "How `public_access_mode=loadbalancer` is served, for the whole deployment (never per cluster). `servicelb`: the control-plane Service is type LoadBalancer (k3s ServiceLB, MetalLB or a cloud load balancer); `control_plane_host` may be a DNS name, VIP or IP, optionally with a port. `haproxy`: the Service stays NodePort and the platform's HAProxy edge passes `:443` through by SNI to the host nodes ([control-plane-edge.md](control-plane-edge.md)). `gatewayapi`: the Service stays ClusterIP and a shared Gateway's TLS Passthrough listener routes `:443` by SNI through one TLSRoute per cluster ([runbooks/deploy-gateway-api-public-access.md](runbooks/deploy-gateway-api-public-access.md)). With `haproxy` and `gatewayapi` a loadbalancer `control_plane_host` must be a DNS name without a port other than 443 (SNI carries no IP); create and update refuse anything else with what to enter. Shown read-only in Admin → System settings and Platform health ([back-office.md](back-office.md)); `PATCH /admin/settings` refuses another value. Restart to change. See [cluster-runtime.md](cluster-runtime.md#public-access-modes-spec-public-access-loadbalancer-plan).",
    readBy: PLATFORM,
    chart: wired("`publicAccess.provider`"),
    compose: "env",
  }),
  KUBEBYON_HAPROXY_BIN: setting({
    section: "publicAccess",
    kind: text("haproxy"),
    doc: "The haproxy binary the platform runs `haproxy -c` with before each reload (the same version the master runs).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_HAPROXY_CONFIG_PATH: setting({
    section: "publicAccess",
    kind: absolutePath(),
    doc: "The `haproxy.cfg` the local HAProxy master was started with (`-f`); **required with `haproxy`** in a process that runs jobs. That is the web process in single-node mode, each worker in multi-node; an absolute path. The platform rewrites it (temp file in the same directory + rename), so the directory must be writable by the platform. Start-up stops with a message naming the variable when it is unset. The charts set `/run/haproxy/haproxy.cfg`.",
    readBy: PLATFORM,
    chart: wired("`publicAccess.provider=haproxy`: `/run/haproxy/haproxy.cfg`"),
    compose: "env",
  }),
  KUBEBYON_HAPROXY_MASTER_SOCKET: setting({
    section: "publicAccess",
    kind: absolutePath(),
    doc: "The master CLI socket HAProxy was started with (`haproxy -W -S <socket>,mode,600 -f <config>`); reloads go through it. **Required likewise**. The charts set `/run/haproxy/master.sock`.",
    readBy: PLATFORM,
    chart: wired("`publicAccess.provider=haproxy`: `/run/haproxy/master.sock`"),
    compose: "env",
  }),
  KUBEBYON_HAPROXY_STATS_SOCKET: setting({
    section: "publicAccess",
    kind: absolutePath(),
    doc: "Optional HAProxy stats socket, so a reloaded worker takes the listening sockets over from the old one (set it in production). Rendered as `stats socket <path> mode 600 level admin expose-fd listeners`; an absolute path without spaces. The charts set `/run/haproxy/edge.sock`.",
    readBy: PLATFORM,
    chart: wired("`publicAccess.provider=haproxy`: `/run/haproxy/edge.sock`"),
    compose: "env",
  }),
  KUBEBYON_EDGE_BIND_ADDR: setting({
    section: "publicAccess",
    kind: ipBindAddr("0.0.0.0:443", "0.0.0.0:443, 0.0.0.0:8443 or [::]:443"),
    doc: "`ip:port` or `[ipv6]:port` the edge's frontend binds (an IP address, no host name). Binding a port below 1024 needs `CAP_NET_BIND_SERVICE`; the charts bind `0.0.0.0:8443` (`edge.port`) and map Service port 443 to it.",
    readBy: PLATFORM,
    chart: wired("`edge.port`"),
    compose: "env",
  }),
  KUBEBYON_EDGE_SYNC_INTERVAL_SECONDS: setting({
    section: "publicAccess",
    kind: integer(10, { min: 1 }),
    doc: "Seconds between the edge loop's passes in each job-processing process (and one at start). Cluster create/update/delete jobs finishing in the process request a pass at once; host Node changes and jobs finished in other processes are picked up by the next periodic pass.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_GATEWAY_NAME: setting({
    section: "publicAccess",
    kind: objectName("the shared Gateway's name"),
    doc: "The shared Gateway the loadbalancer clusters' TLSRoutes attach to (`parentRefs`) with `KUBEBYON_PUBLIC_ACCESS_PROVIDER=gatewayapi`. **Required then**, together with `KUBEBYON_GATEWAY_NAMESPACE`. Read at the first cluster job, not at start-up (the host-cluster adapters are built on first use too): without it that job's `publish_route` step fails at once (no retry) with `invalid configuration: KUBEBYON_GATEWAY_NAME…: required when KUBEBYON_PUBLIC_ACCESS_PROVIDER=gatewayapi`. [control-plane-edge.md](control-plane-edge.md#gateway-api-provider)",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.controlPlane` (the Gateway it renders)", "gatewayAPI.controlPlane.enabled"),
    compose: "env",
  }),
  KUBEBYON_GATEWAY_NAMESPACE: setting({
    section: "publicAccess",
    kind: namespaceName(),
    doc: "That Gateway's namespace (a DNS label); required with `gatewayapi` (see above).",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.controlPlane.namespace` (empty: the release namespace)", "gatewayAPI.controlPlane.enabled"),
    compose: "env",
  }),
  KUBEBYON_GATEWAY_LISTENER: setting({
    section: "publicAccess",
    kind: objectName("the Gateway listener's name (sectionName)", "tls-passthrough"),
    doc: "The Gateway's TLS Passthrough listener the routes attach to (`sectionName`); empty means the default.",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.controlPlane.listenerName`", "gatewayAPI.controlPlane.enabled"),
    compose: "env",
  }),
  KUBEBYON_SAN_GRACE_HOURS: setting({
    section: "publicAccess",
    kind: integer(72),
    doc: "Hours a replaced public name stays in a cluster's serving certificate (`0`: not at all). When a cluster's served public name changes (its `control_plane_host`, or a mode change that decides which name is in the certificate), the name it replaces stays in the vCluster's serving certificate (`controlPlane.proxy.extraSANs`) for this many hours, so nodes that joined on it keep working until they are re-joined. `0`: no grace, the old name leaves the certificate with the change. Only one previous name is kept: a second change during the grace replaces it. A background pass in the job-processing process (every 5 minutes, leader only) re-renders a cluster whose grace has ended. The grace only keeps the name in the certificate; if the old name no longer reaches the cluster (DNS moved, an edge dropped it), nodes on it fail anyway. See [control-plane-edge.md](control-plane-edge.md#changing-the-public-name).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),

  // --- Managed workload ingress ---
  KUBEBYON_MANAGED_INGRESS_CHART: setting({
    section: "managedIngress",
    kind: text("ingress-nginx"),
    doc: "`ingress-nginx` (fetched from the repository below), or a local chart directory / `.tgz` for air-gapped hosts, whose `Chart.yaml` must name `ingress-nginx`. Any other chart name is refused when the first reconcile runs, with this setting named in the cluster's `managed_workload_ingress_last_error`.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_MANAGED_INGRESS_CHART_REPO: setting({
    section: "managedIngress",
    kind: text("https://kubernetes.github.io/ingress-nginx"),
    doc: "Chart repository of the managed ingress controller (a mirror works; ignored for a local chart).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_MANAGED_INGRESS_CHART_VERSION: setting({
    section: "managedIngress",
    kind: text("4.15.1"),
    doc: "Chart version of the managed ingress controller (ignored for a local chart, whose own version counts). A release installed from another version is upgraded by the next reconcile.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_MANAGED_INGRESS_CHECK_INTERVAL_SECONDS: setting({
    section: "managedIngress",
    kind: integer(60, { min: 5 }),
    doc: "Seconds between two re-checks of every `ready` managed ingress (the `managed-ingress-check` task, one leader): helm's release record, the controller Deployment (available) and Service (NodePort) and the IngressClass are read inside each vCluster; a broken one becomes `error` with the reason, and `managed_workload_ingress_checked_at` says when it was last read. A cluster whose control plane cannot be reached is skipped.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_MANAGED_INGRESS_AUTO_REPAIR: setting({
    section: "managedIngress",
    kind: flag(false),
    doc: "`true`: a managed ingress the re-check finds broken is reinstalled at once by the managed-ingress job (as the user's Retry would start it; the operation is started by the platform and the activity stream records `cluster.managed_ingress_repair` with the reason). `false`: it shows `error` with the reason until the user presses Retry.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),

  // --- Workload edge ---
  KUBEBYON_WORKLOAD_GATEWAY_ENABLED: setting({
    section: "workloadEdge",
    kind: flag(false),
    doc: "Runs the workload edge syncer. With `true`, `KUBEBYON_WORKLOAD_GATEWAY_NAME` and `_NAMESPACE` are **required**: the process refuses to start its syncer with `invalid configuration: KUBEBYON_WORKLOAD_GATEWAY_NAME…: required when KUBEBYON_WORKLOAD_GATEWAY_ENABLED=true` (`requireWorkloadEdge`).",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.enabled`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_GATEWAY_NAME: setting({
    section: "workloadEdge",
    kind: objectName("the workload Gateway's name"),
    doc: "The shared workload Gateway the clusters' HTTPRoutes attach to (`parentRefs`) and the HTTPS listeners are applied to.",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.name` (empty: `<fullname>-workload`)", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE: setting({
    section: "workloadEdge",
    kind: namespaceName(),
    doc: "That Gateway's namespace (a DNS label); the Certificates live there too.",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.namespace` (empty: the release namespace)", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_GATEWAY_LISTENER: setting({
    section: "workloadEdge",
    kind: objectName("the workload Gateway's HTTP listener name (sectionName)", "http"),
    doc: "The Gateway's plain HTTP listener the routes attach to (`sectionName`).",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.listener.name`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_SYNC_INTERVAL_SECONDS: setting({
    section: "workloadEdge",
    kind: integer(30, { min: 5 }),
    doc: "Seconds between two passes of the syncer; a pass also re-applies the HTTPS listeners a `helm upgrade` that changed the chart's listener removed.",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.syncIntervalSeconds`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_PROBE_TIMEOUT_MS: setting({
    section: "workloadEdge",
    kind: integer(1_000, { min: 50 }),
    doc: "How long a TCP connect from the job-processing process to the managed ingress controller's pod IP (port 80) may take; a pod that does not answer in time makes the EndpointSlice fall back to node IP + NodePort.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_TLS_ENABLED: setting({
    section: "workloadEdge",
    kind: flag(false),
    doc: "HTTPS for workload hostnames. The platform adds one HTTPS listener per hostname to the Gateway (server-side apply, field manager `kubebyon-workload-edge`), an HTTP→HTTPS redirect route, and cert-manager Certificates. Needs `KUBEBYON_WORKLOAD_TLS_ISSUER_NAME`.",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.tls.enabled`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_TLS_ISSUER_KIND: setting({
    section: "workloadEdge",
    kind: choice(["Issuer", "ClusterIssuer"], undefined, { message: "expected Issuer or ClusterIssuer" }),
    defaultDoc: "`ClusterIssuer`",
    doc: "`ClusterIssuer` or `Issuer` (an Issuer must be in the Gateway's namespace).",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.tls.issuer.kind`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_TLS_ISSUER_NAME: setting({
    section: "workloadEdge",
    kind: objectName("a cert-manager issuer's name"),
    doc: "The issuer of the platform-managed certificates; **required** with TLS. One shared Certificate per cluster covers its CNAME target and platform-managed bindings (`requireWorkloadEdge`; the charts refuse `tls.enabled` without `tls.issuer.name`).",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.tls.issuer.name`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED: setting({
    section: "workloadEdge",
    kind: flag(false),
    doc: "A dedicated Certificate and HTTPS route per self-managed hostname binding (Host rewritten to the cluster's CNAME target). Needs `KUBEBYON_WORKLOAD_TLS_ENABLED=true`, else start-up stops with `…KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED: needs KUBEBYON_WORKLOAD_TLS_ENABLED=true`.",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.tls.selfManaged.enabled`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_KIND: setting({
    section: "workloadEdge",
    kind: choice(["Issuer", "ClusterIssuer"], undefined, { message: "expected Issuer or ClusterIssuer" }),
    defaultDoc: "`ClusterIssuer` (with a name)",
    doc: "Kind of the self-managed certificates' issuer override; set only together with `_NAME` (a kind alone stops start-up).",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.tls.selfManaged.issuerOverride.kind`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_NAME: setting({
    section: "workloadEdge",
    kind: objectName("a cert-manager issuer's name"),
    doc: "Issuer override for the self-managed certificates; unset: the workload default issuer above.",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.tls.selfManaged.issuerOverride.name`", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_PODCIDR_ROUTE_MODE: setting({
    section: "workloadEdge",
    kind: choice(["off", "local", "routeagent"], "off", { message: "expected off, local or routeagent" }),
    doc: "How the host reaches pod IPs on joined nodes: `off`, `local` or `routeagent`. `local`: this process writes one route per joined node, `<podCIDR> via <node InternalIP>`, into its own host's main routing table with iproute2 (needs the host's network namespace and `CAP_NET_ADMIN`, i.e. uid 0 in a container). `routeagent`: the platform writes one `workloadpodcidrnoderouteplans` object per host node and the route agent DaemonSet applies it (Kubernetes only). [workload-edge-podcidr-routes.md](workload-edge-podcidr-routes.md)",
    readBy: PLATFORM,
    chart: wired("`gatewayAPI.workload.podCIDRRoute.enabled` + `.mode` (`off` when not enabled)", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),
  KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO: setting({
    section: "workloadEdge",
    kind: integer(211, { min: 5, max: 254, tooSmall: ROUTE_PROTOCOL_RANGE, tooBig: ROUTE_PROTOCOL_RANGE }),
    doc: "Route protocol number marking the platform's routes: only routes with it are changed or deleted; a destination held by a route without it is reported blocked and left alone. Pick one no other routing daemon on the host uses. Read by the platform (mode local) and the route agent.",
    readBy: EVERY_PROCESS,
    chart: wired("`gatewayAPI.workload.podCIDRRoute.protocol` (also the DaemonSet's env)", "gatewayAPI.workload.enabled"),
    compose: "env",
  }),

  // --- Route agent (its own process: route-agent-env.ts) ---
  KUBEBYON_ROUTE_AGENT_NODE_NAME: setting({
    section: "routeAgent",
    kind: requiredNodeName(ROUTE_AGENT_NODE_REQUIRED),
    defaultDoc: "— (required)",
    doc: "The host node this agent runs on: it reads the plan of that name and changes that node's routes only. The DaemonSet sets it from the pod's `spec.nodeName` (downward API).",
    readBy: ["route-agent"],
    chart: wired("`fieldRef: spec.nodeName` in the route agent DaemonSet", "gatewayAPI.workload.podCIDRRoute.mode=routeagent"),
    compose: "absent",
  }),
  KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS: setting({
    section: "routeAgent",
    kind: integer(30, { min: 5, tooSmall: "expected whole seconds, at least 5" }),
    doc: "Seconds between two convergences without a change of the plan (besides the watch), so a route that drifted (a link flapped, someone deleted it by hand) comes back.",
    readBy: ["route-agent"],
    chart: wired("`gatewayAPI.workload.routeAgent.resyncSeconds`", "gatewayAPI.workload.podCIDRRoute.mode=routeagent"),
    compose: "absent",
  }),

  // --- Admission webhook ---
  KUBEBYON_ADMISSION_WEBHOOK_ENABLED: setting({
    section: "admissionWebhook",
    kind: flag(false),
    doc: "Serves the webhook (web process) and keeps the configuration in every ready vCluster (job processing). With `true`, `KUBEBYON_ADMISSION_WEBHOOK_URL` is **required**: start-up stops with `invalid configuration: KUBEBYON_ADMISSION_WEBHOOK_URL: required when KUBEBYON_ADMISSION_WEBHOOK_ENABLED=true …` (`requireAdmissionWebhook`).",
    readBy: PLATFORM,
    chart: wired("`admissionWebhook.enabled`"),
    compose: "env",
  }),
  KUBEBYON_ADMISSION_WEBHOOK_LISTEN: setting({
    section: "admissionWebhook",
    kind: ipBindAddr("0.0.0.0:9443", "0.0.0.0:9443 or [::]:9443"),
    doc: "`ip:port` or `[v6]:port` the web process's HTTPS listener binds (an IP address, not a name). Only `POST /admission/v1/clusters/{cluster_id}/{token}/{nodes\\|pods}` is served there.",
    readBy: WEB,
    chart: wired("`admissionWebhook.port`"),
    compose: "env",
  }),
  KUBEBYON_ADMISSION_WEBHOOK_URL: setting({
    section: "admissionWebhook",
    kind: httpsBaseUrl(),
    doc: "The `https://` base URL the vClusters' apiservers reach the webhook listener at. No query, fragment or credentials; usually the charts' admission Service, e.g. `https://kubebyon-admission.kubebyon.svc:443`. Its host (a DNS name or an IP address) is the name the serving certificate is issued for; changing it re-issues on the next start and re-applies every configuration.",
    readBy: PLATFORM,
    chart: wired("`admissionWebhook.url` (empty: Service `<fullname>-admission`)"),
    compose: "env",
  }),
  KUBEBYON_ADMISSION_WEBHOOK_FAILURE_POLICY: setting({
    section: "admissionWebhook",
    kind: choice(["Fail", "Ignore"], "Fail", { message: "expected Fail or Ignore" }),
    doc: "`Fail` or `Ignore`: what a vCluster's apiserver does when the webhook cannot be reached, times out or answers an error (500 when the vCluster's usage cannot be read in time). `Fail` keeps the limits strict but stops Node/Pod creation while the platform is down; `Ignore` lets them through then.",
    readBy: PLATFORM,
    chart: wired("`admissionWebhook.failurePolicy`"),
    compose: "env",
  }),
  KUBEBYON_ADMISSION_WEBHOOK_TIMEOUT_SECONDS: setting({
    section: "admissionWebhook",
    kind: integer(5, { min: 1, max: 30, tooSmall: WEBHOOK_TIMEOUT_RANGE, tooBig: WEBHOOK_TIMEOUT_RANGE }),
    doc: "The configuration's `timeoutSeconds`. The handler gives the read of the vCluster's usage 70 % of it (at least 250 ms), so it answers in time.",
    readBy: PLATFORM,
    chart: wired("`admissionWebhook.timeoutSeconds`"),
    compose: "env",
  }),
  KUBEBYON_ADMISSION_WEBHOOK_SYNC_INTERVAL_SECONDS: setting({
    section: "admissionWebhook",
    kind: integer(60, { min: 5 }),
    doc: "How often the job-processing process checks every vCluster's configuration and re-applies it when the plan, the URL or the CA bundle changed.",
    readBy: PLATFORM,
    chart: wired("`admissionWebhook.syncIntervalSeconds`"),
    compose: "env",
  }),

  // --- Per-user kubeconfigs ---
  KUBEBYON_KUBECONFIG_TTL_SECONDS: setting({
    section: "kubeconfigs",
    kind: integer(DEFAULT_KUBECONFIG_TTL_SECONDS, {
      min: MIN_KUBECONFIG_TTL_SECONDS,
      max: MAX_KUBECONFIG_TTL_SECONDS,
      tooSmall: `expected at least ${MIN_KUBECONFIG_TTL_SECONDS} seconds (the TokenRequest API issues nothing shorter)`,
      tooBig: `expected at most ${MAX_KUBECONFIG_TTL_SECONDS} seconds (7 days)`,
    }),
    doc: "The lifetime of a downloaded kubeconfig's token when the user asks for none (8 h by default). A plan's `kubeconfig_max_ttl_seconds` caps it (and a requested `ttl_seconds`) for clusters of users on that plan. 600 is the shortest token the TokenRequest API issues.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "the default beneath each plan's `kubeconfig_max_ttl_seconds`, which is already stored data the admin edits",
  }),

  // --- Jobs and multi-node mode ---
  KUBEBYON_RABBITMQ_URL: setting({
    section: "jobs",
    kind: amqpUrl(),
    secret: true,
    doc: "`amqp://user:password@host:5672/vhost`. Unset: single-node mode, the web process runs cluster jobs itself. Set: the web process publishes job ids and `npm run worker` processes run them.",
    readBy: PLATFORM,
    chart: wired("`rabbitmq.bundled` or `rabbitmq.external.existingSecret` (secretKeyRef)"),
    compose: "wired",
    multiNodeOnly: true,
  }),
  KUBEBYON_RABBITMQ_QUEUE: setting({
    section: "jobs",
    kind: text("kubebyon.cluster-jobs"),
    doc: "Durable queue carrying job ids.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
    multiNodeOnly: true,
  }),
  KUBEBYON_WORKER_ID: setting({
    section: "jobs",
    kind: text(),
    defaultDoc: "`<hostname>-<pid>`",
    doc: "Lease owner name shown in the job queue.",
    readBy: PLATFORM,
    chart: absent("the pod name makes the default unique; one ConfigMap serves every replica"),
    compose: "env",
  }),
  KUBEBYON_WORKER_HTTP_ADDR: setting({
    section: "jobs",
    kind: hostPort(":9090"),
    doc: "`[host]:port` of the worker's own HTTP listener. `/healthz` (the process answers), `/readyz` (PostgreSQL answers, the job runner leases, the background tasks run; 503 names the failing check) and `/metrics` (docs/metrics.md). An empty host listens on every address; port `0` lets the kernel pick one (logged as `worker HTTP listening`).",
    readBy: ["worker"],
    chart: wired("`worker.metricsPort`"),
    compose: "env",
    multiNodeOnly: true,
  }),
  KUBEBYON_JOB_LEASE_SECONDS: setting({
    section: "jobs",
    kind: integer(60, { min: 5 }),
    doc: "How long a job lease lasts before another runner may take it over (renewed while the job runs).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOB_POLL_INTERVAL_MS: setting({
    section: "jobs",
    kind: integer(2_000, { min: 100 }),
    doc: "How often runners look for due jobs without a wake-up message.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOB_CONCURRENCY: setting({
    section: "jobs",
    kind: integer(10, { min: 1 }),
    doc: "Cluster jobs one process (the worker, or the web process in single-node mode) runs at once. A create spends most of its time waiting for helm and the vCluster Pod, so one at a time queued every create behind the previous one (docs/benchmarks.md, `bench:create`). Several workers add up.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_NODE_OBSERVER_RESCAN_SECONDS: setting({
    section: "jobs",
    kind: integer(10, { min: 1 }),
    doc: "How often the node observer re-reads which clusters to watch. It runs in the web process in single-node mode, in each worker in multi-node mode; a cluster that became ready, was deleted or changed endpoint is picked up within this time. Node changes themselves arrive by watch, not by this interval. Each rescan also starts the install of a managed ingress that waits for a Ready node, if the node's snapshot missed it ([managed-ingress.md](managed-ingress.md#managed-ingress-controller-12-2-51)).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_NODE_ALERT_UNHEALTHY_SECONDS: setting({
    section: "jobs",
    kind: integer(300, { min: 1 }),
    doc: "A node NotReady or offline (Ready=Unknown) continuously this long opens a node health alert and notifies the cluster owner (`node.unhealthy`). A short Ready blip restarts the count. See [Node health alerts](cluster-runtime.md#node-health-alerts).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "when users are notified about their nodes: notification policy an admin tunes",
  }),
  KUBEBYON_NODE_ALERT_RECOVERY_SECONDS: setting({
    section: "jobs",
    kind: integer(60),
    doc: "An open unhealthy alert resolves once the node has been Ready continuously this long, and then sends `node.recovered` (only if the alert itself was sent). A node that flaps faster than this stays in one open alert.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "when users are notified about their nodes: notification policy an admin tunes",
  }),
  KUBEBYON_NODE_ALERT_COOLDOWN_SECONDS: setting({
    section: "jobs",
    kind: integer(1_800),
    doc: "At most one `node.unhealthy` per node in this window, counted from the last one sent. An alert that opens inside it is recorded (the node page shows it) and sent when the window ends if the node is still unhealthy; its recovery is not sent.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
    systemSettingCandidate: "when users are notified about their nodes: notification policy an admin tunes",
  }),
  KUBEBYON_NODE_ALERT_CHECK_INTERVAL_SECONDS: setting({
    section: "jobs",
    kind: integer(15, { min: 1 }),
    doc: "How often the node health alerts are evaluated (thresholds are crossed by time, not by an event). Every job-processing process runs the loop; one leader evaluates. The node observer also evaluates a cluster right after it records node events.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_CONTROL_PLANE_HEALTH_INTERVAL_SECONDS: setting({
    section: "jobs",
    kind: integer(30, { min: 1 }),
    doc: "How often the control-plane health task probes every live cluster's `/readyz` (status `ready` or `updating`) through the platform's own route with the cluster's credentials and records `connection_checked_at`. One leader among the job-processing processes probes. See [Control-plane health](cluster-runtime.md#control-plane-health).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_CONTROL_PLANE_HEALTH_TIMEOUT_SECONDS: setting({
    section: "jobs",
    kind: integer(5, { min: 1 }),
    defaultDoc: "`5` (min 1, at most the interval)",
    doc: "Per cluster: resolving its connection and the `/readyz` request together. No answer within it counts as a failed probe.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_CONTROL_PLANE_UNREACHABLE_AFTER_SECONDS: setting({
    section: "jobs",
    kind: integer(90, { min: 0 }),
    doc: "Probes must keep failing this long (no success in between) before `connection_status` turns `unreachable`, a history row is written and the owner is notified (`cluster.unreachable`). `0`: at the first failure. The first successful probe turns it back to `connected` (`cluster.recovered`).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_DNS_CHECK_RESOLVERS: setting({
    section: "jobs",
    kind: resolverList(),
    defaultDoc: "— (the system resolver)",
    doc: "DNS servers the hostname-binding DNS check asks, comma-separated `ip` or `ip:port` (`[v6]:port` for IPv6 with a port), e.g. `1.1.1.1,8.8.8.8`. Unset: the servers of the process's `/etc/resolv.conf`. Point it at public resolvers when the host's resolver answers differently from the internet (split-horizon DNS); see [DNS check](managed-ingress.md#dns-check).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_DNS_CHECK_INTERVAL_SECONDS: setting({
    section: "jobs",
    kind: integer(60, { min: 5 }),
    doc: "How often the CNAME chain of every hostname binding is re-checked. Every job-processing process (the web process in single-node mode, each worker in multi-node mode) runs the loop; one leader among them does the checking.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),

  // --- DNS automation ---
  KUBEBYON_DNS_SYNC_INTERVAL_SECONDS: setting({
    section: "dnsAutomation",
    kind: integer(60, { min: 5 }),
    doc: "Seconds between periodic DNS automation passes, run by one leader among the job-processing processes (the web process in single-node mode, the workers in multi-node mode). Cluster create/delete, hostname binding create/delete and settings saves also start a pass at once, in the process that made the change; this interval catches up on anything those missed. After a transient failure (Cloudflare 5xx, 429, no answer) the next pass comes sooner or later by backoff instead: 5 s doubling up to 10 min, at least the `Retry-After` Cloudflare sent.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_CLOUDFLARE_API_BASE_URL: setting({
    section: "dnsAutomation",
    kind: baseUrl("https://api.cloudflare.com/client/v4"),
    doc: "Base of Cloudflare API v4 (`…/zones/{zone_id}/dns_records`). Change only for an egress proxy that forwards to Cloudflare, or tests (the stand-in in `e2e/env/cloudflare-api-stand-in.ts`). The API token is sent to this address, so it must be one you trust.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),

  // --- Control-plane metrics ---
  KUBEBYON_METRICS_ENABLED: setting({
    section: "metrics",
    kind: flag(true),
    doc: "Runs the collector loop in the job-processing processes (the web process in single-node mode, the workers in multi-node mode). `false`: no new samples; the history API and `/metrics` still show what is stored.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_METRICS_COLLECT_INTERVAL_SECONDS: setting({
    section: "metrics",
    kind: integer(30, { min: 5 }),
    doc: "Seconds between two scrapes of every ready cluster's API server (`/metrics` and its Nodes), by one leader among the job-processing processes. Also the raw tier's step in the history API; a cluster without a sample for three intervals drops out of the platform's `/metrics`.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_METRICS_SCRAPE_TIMEOUT_SECONDS: setting({
    section: "metrics",
    kind: integer(10, { min: 1 }),
    defaultDoc: "`10` (min 1, at most the interval)",
    doc: "Time one cluster's scrape may take (connecting, `GET /metrics`, listing Nodes); a cluster that does not answer in time gets no sample.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_METRICS_SCRAPE_CONCURRENCY: setting({
    section: "metrics",
    kind: integer(4, { min: 1 }),
    doc: "Clusters scraped at the same time, so a slow cluster holds up only its own slot.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_METRICS_RAW_RETENTION_HOURS: setting({
    section: "metrics",
    kind: integer(24, { min: 1 }),
    doc: "How long raw samples (one per scrape) are kept.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_METRICS_5M_RETENTION_DAYS: setting({
    section: "metrics",
    kind: integer(7, { min: 1 }),
    doc: "How long 5-minute averages are kept.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_METRICS_1H_RETENTION_DAYS: setting({
    section: "metrics",
    kind: integer(90, { min: 1 }),
    doc: "How long hourly averages are kept.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),

  // --- Join-token cleanup ---
  KUBEBYON_JOIN_TOKEN_CLEANUP_INTERVAL_SECONDS: setting({
    section: "joinTokenCleanup",
    kind: integer(300, { min: 10 }),
    doc: "Seconds between two cleanup passes. Each pass removes the bootstrap token Secret of up to 100 expired, used-up or revoked tokens from their vClusters and marks them cleaned (a backlog spreads over passes); a cluster that cannot be reached is skipped until the next pass.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOIN_TOKEN_RETENTION_DAYS: setting({
    section: "joinTokenCleanup",
    kind: integer(30, { min: 1 }),
    doc: "Days a cleaned token's row stays in the database (the console still lists it, with its sessions and nodes); then it is deleted, up to 100 rows per pass. Join sessions and token→node records keep the token's public id, and the audit trail is kept.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  // --- Retention (docs/retention.md) ---
  KUBEBYON_RETENTION_INTERVAL_SECONDS: setting({
    section: "retention",
    kind: integer(3_600, { min: 60 }),
    doc: "Seconds between two retention passes (the first runs at start).",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_RETENTION_BATCH_SIZE: setting({
    section: "retention",
    kind: integer(1_000, { min: 1 }),
    doc: "Rows one delete statement removes at most; a table's pass repeats statements until one removes fewer. Smaller batches hold row locks for less time, larger ones catch up a backlog in fewer round trips.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_AUDIT_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.audit_events, { min: 0 }),
    doc: "Days audit events (the activity stream) are kept after they were recorded; `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_NODE_EVENT_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.node_events, { min: 0 }),
    doc: "Days node events are kept after they were observed; `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_CLUSTER_JOB_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.cluster_jobs, { min: 0 }),
    doc: "Days a finished job (`succeeded`, `failed`, `dead`) is kept after it finished; queued and running jobs are never deleted. `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_CLUSTER_OPERATION_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.cluster_operations, { min: 0 }),
    doc: "Days a closed cluster operation (the console's change history) is kept after it finished; open ones, and ones a queued or running job belongs to, are kept. `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_NOTIFICATION_DELIVERY_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.notification_deliveries, { min: 0 }),
    doc: "Days a sent or failed notification delivery is kept after it was created; pending ones are kept. `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_SESSION_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.sessions, { min: 0 }),
    doc: "Days a browser session row is kept after it expired or was revoked; `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_JOIN_SESSION_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.join_sessions, { min: 0 }),
    doc: "Days a finished join session (with its timeline) is kept after it finished; open ones are kept. `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_EMAIL_CODE_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.email_verification_codes, { min: 0 }),
    doc: "Days an email code is kept after it expired; `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
  KUBEBYON_PASSWORD_RESET_RETENTION_DAYS: setting({
    section: "retention",
    kind: integer(DEFAULT_RETENTION_DAYS.password_resets, { min: 0 }),
    doc: "Days a password reset is kept after it expired; `0` keeps them for ever.",
    readBy: PLATFORM,
    chart: CONFIG,
    compose: "env",
  }),
} as const;

export type SettingName = keyof typeof SETTINGS;

/** The registry as a list, in declaration order. */
export const SETTING_LIST: readonly (SettingDeclaration & { name: SettingName })[] = (Object.keys(SETTINGS) as SettingName[]).map((name) => ({
  ...(SETTINGS[name] as SettingDeclaration),
  name,
}));

export const isSecretSetting = (name: string): boolean => (SETTINGS as Record<string, SettingDeclaration | undefined>)[name]?.secret === true;
