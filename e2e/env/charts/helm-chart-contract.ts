import type { V1ConfigMap, V1Container, V1Deployment, V1EnvVar, V1PodSpec } from "@kubernetes/client-node";
import { expect } from "vitest";
import { envSchema } from "@/server/config/env";
import type { ChartUnderTest, Rendered } from "./helm-chart-render";

/**
 * What the chart contract (issue 10) says the platform pods get, as assertions on rendered
 * objects. Names below are the ones the chart sets itself or refuses; the values schema's
 * `config` allow-list must be exactly the rest of src/server/config/env.ts.
 */

export const schemaKeys = new Set(Object.keys(envSchema.shape));

/** Read by a library the platform runs (next-auth, Next.js), not by env.ts; docs/configuration.md names them. */
export const THIRD_PARTY_VARIABLES = new Set(["NEXTAUTH_URL", "NEXT_TELEMETRY_DISABLED"]);

/** Set by the chart from its own values (ConfigMap or secretKeyRef); `config` must not offer them. */
export const WIRED_BY_CHART = new Set([
  "DATABASE_URL",
  "KUBEBYON_HTTP_ADDR",
  "KUBEBYON_PUBLIC_URL",
  "KUBEBYON_AUTH_SECRET",
  "KUBEBYON_ADMIN_EMAIL",
  "KUBEBYON_ADMIN_PASSWORD",
  "KUBEBYON_VCLUSTER_CHART",
  "KUBEBYON_VCLUSTER_CHART_REPO",
  "KUBEBYON_VCLUSTER_CHART_VERSION",
  "KUBEBYON_VCLUSTER_ROUTE",
  "KUBEBYON_VCLUSTER_VALUES_FILE",
  "KUBEBYON_PLATFORM_API_KEY_SECRET_NAME",
  "KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE",
  "KUBEBYON_TENANT_CLUSTER_ROLE",
  "KUBEBYON_RABBITMQ_URL",
  // worker.metricsPort (multi-node): the worker's /healthz, /readyz and /metrics listener, which its probes and Service use.
  "KUBEBYON_WORKER_HTTP_ADDR",
  // publicAccess.provider, and with haproxy the sidecar's paths and the edge port (docs/control-plane-edge.md).
  "KUBEBYON_PUBLIC_ACCESS_PROVIDER",
  "KUBEBYON_HAPROXY_CONFIG_PATH",
  "KUBEBYON_HAPROXY_MASTER_SOCKET",
  "KUBEBYON_HAPROXY_STATS_SOCKET",
  "KUBEBYON_EDGE_BIND_ADDR",
  // admissionWebhook.* (docs/admission-webhook.md), wired on and off: off, the job process removes what it wrote.
  "KUBEBYON_ADMISSION_WEBHOOK_ENABLED",
  "KUBEBYON_ADMISSION_WEBHOOK_LISTEN",
  "KUBEBYON_ADMISSION_WEBHOOK_URL",
  "KUBEBYON_ADMISSION_WEBHOOK_FAILURE_POLICY",
  "KUBEBYON_ADMISSION_WEBHOOK_TIMEOUT_SECONDS",
  "KUBEBYON_ADMISSION_WEBHOOK_SYNC_INTERVAL_SECONDS",
]);

/**
 * Set by the chart from gatewayAPI.controlPlane when it is enabled (the Gateway it renders, which is
 * also what its RBAC for TLSRoutes goes with); `config` must not offer them either.
 */
export const WIRED_WITH_CONTROL_PLANE_GATEWAY = new Set(["KUBEBYON_GATEWAY_NAME", "KUBEBYON_GATEWAY_NAMESPACE", "KUBEBYON_GATEWAY_LISTENER"]);

/**
 * Set by the chart from gatewayAPI.workload when it is enabled (the Gateway it renders, its TLS issuers,
 * the PodCIDR route mode its pods and RBAC are made for); `config` must not offer them either. Only
 * KUBEBYON_WORKLOAD_PROBE_TIMEOUT_MS stays in `config`. The two self-managed issuer settings are set
 * only with tls.selfManaged.issuerOverride.name.
 */
export const WIRED_WITH_WORKLOAD_GATEWAY = new Set([
  "KUBEBYON_WORKLOAD_GATEWAY_ENABLED",
  "KUBEBYON_WORKLOAD_GATEWAY_NAME",
  "KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE",
  "KUBEBYON_WORKLOAD_GATEWAY_LISTENER",
  "KUBEBYON_WORKLOAD_SYNC_INTERVAL_SECONDS",
  "KUBEBYON_WORKLOAD_TLS_ENABLED",
  "KUBEBYON_WORKLOAD_TLS_ISSUER_KIND",
  "KUBEBYON_WORKLOAD_TLS_ISSUER_NAME",
  "KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ENABLED",
  "KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_KIND",
  "KUBEBYON_WORKLOAD_TLS_SELF_MANAGED_ISSUER_NAME",
  "KUBEBYON_WORKLOAD_PODCIDR_ROUTE_MODE",
  "KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO",
]);

/** Secrets: only through secretEnv.existingSecret, never in a ConfigMap. */
export const SECRET_SETTINGS = new Set(["KUBEBYON_GITHUB_CLIENT_SECRET", "KUBEBYON_GOOGLE_CLIENT_SECRET", "KUBEBYON_SMTP_PASSWORD"]);

/**
 * env.ts variables the charts do not offer: the kubeconfig (the pods run in-cluster as their
 * ServiceAccount), aliases of names the chart sets, the embedded PostgreSQL of `npm run up`, and
 * the worker id (one ConfigMap serves every replica, and the pod name is already unique).
 */
export const NOT_FOR_HELM = new Set([
  "KUBEBYON_KUBECONFIG_PATH",
  "KUBEBYON_DATABASE_DSN",
  "NEXTAUTH_SECRET",
  "KUBEBYON_DATA_DIR",
  "KUBEBYON_EMBEDDED_POSTGRES_PORT",
  "KUBEBYON_WORKER_ID",
]);

/** Single-node has no broker and no worker process. */
export const NOT_FOR_SINGLE_NODE = new Set(["KUBEBYON_RABBITMQ_QUEUE", "KUBEBYON_WORKER_HTTP_ADDR"]);

export function expectedConfigAllowList(chart: ChartUnderTest): string[] {
  return [...schemaKeys]
    .filter((k) => !WIRED_BY_CHART.has(k) && !WIRED_WITH_CONTROL_PLANE_GATEWAY.has(k) && !WIRED_WITH_WORKLOAD_GATEWAY.has(k) && !SECRET_SETTINGS.has(k) && !NOT_FOR_HELM.has(k))
    .filter((k) => chart.multiNode || !NOT_FOR_SINGLE_NODE.has(k))
    .sort();
}

export const podSpec = (d: V1Deployment): V1PodSpec => {
  const spec = d.spec?.template.spec;
  if (!spec) throw new Error(`Deployment ${d.metadata?.name} has no pod spec`);
  return spec;
};

/** The control-plane edge's sidecar (publicAccess.provider=haproxy) in the pods that run jobs. */
export const EDGE_SIDECAR = "haproxy";

/** The platform's own container: the only one, beside the edge's haproxy sidecar where the pod drives the edge. */
export const platformContainer = (d: V1Deployment): V1Container => {
  const containers = podSpec(d).containers.filter((c) => c.name !== EDGE_SIDECAR);
  expect(containers, `${d.metadata?.name} platform containers`).toHaveLength(1);
  return containers[0] as V1Container;
};

export const edgeSidecar = (d: V1Deployment): V1Container | undefined => podSpec(d).containers.find((c) => c.name === EDGE_SIDECAR);

export function envByName(container: V1Container): Map<string, V1EnvVar> {
  return new Map((container.env ?? []).map((e) => [e.name, e]));
}

export function secretRef(container: V1Container, name: string): { name?: string; key?: string } | undefined {
  const ref = envByName(container).get(name)?.valueFrom?.secretKeyRef;
  return ref ? { name: ref.name, key: ref.key } : undefined;
}

/** Pod and container securityContext, ServiceAccount and volumes of the contract. */
export function expectHardenedPlatformPod(d: V1Deployment, fullname: string, component: "web" | "worker"): void {
  const spec = podSpec(d);
  const label = `${d.metadata?.name}`;
  expect(spec.securityContext, `${label} pod securityContext`).toEqual({
    runAsNonRoot: true,
    runAsUser: 10001,
    runAsGroup: 10001,
    fsGroup: 10001,
    seccompProfile: { type: "RuntimeDefault" },
  });
  expect(spec.automountServiceAccountToken).toBe(true);
  expect(spec.serviceAccountName).toBe(fullname);
  const container = platformContainer(d);
  expect(container.name).toBe(component);
  expect(container.workingDir, "the image's WORKDIR /app").toBeUndefined();
  expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } });

  const mounts = Object.fromEntries((container.volumeMounts ?? []).map((m) => [m.mountPath, m.name]));
  const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
  const expected: Record<string, string> = { "/tmp": "tmp", "/home/kubebyon": "home", "/etc/kubebyon/vcluster": "vcluster-values" };
  if (component === "web") expected["/app/.next/cache"] = "next-cache";
  if (edgeSidecar(d)) expected["/run/haproxy"] = "haproxy-run";
  expect(mounts).toEqual(expected);
  for (const name of ["tmp", "home", ...(component === "web" ? ["next-cache"] : [])]) expect(volumes.get(name)?.emptyDir, `${label} ${name} emptyDir`).toEqual({});
  expect(volumes.get("vcluster-values")?.configMap?.name).toBe(`${fullname}-vcluster-values`);
  expect(container.envFrom?.[0]?.configMapRef?.name).toBe(`${fullname}-config`);
  // Every variable in `env` is a secret reference: no value is written into the Deployment.
  for (const e of container.env ?? []) expect(e.valueFrom?.secretKeyRef, `${label} ${e.name} from a Secret`).toBeDefined();
}

/** Every variable name the platform pods receive is one env.ts (or a library it runs) reads. */
export function expectKnownVariables(r: Rendered, fullname: string): void {
  const config = r.get<V1ConfigMap>("ConfigMap", `${fullname}-config`);
  const names = new Set(Object.keys(config.data ?? {}));
  for (const d of r.ofKind<V1Deployment>("Deployment")) for (const e of platformContainer(d).env ?? []) names.add(e.name);
  for (const name of names) {
    const known = schemaKeys.has(name) || THIRD_PARTY_VARIABLES.has(name);
    expect(known, `the chart sets ${name}, which src/server/config/env.ts does not know`).toBe(true);
  }
  expect(JSON.stringify(r.objects), "in-cluster mode: no kubeconfig path anywhere").not.toContain("KUBEBYON_KUBECONFIG_PATH");
}
