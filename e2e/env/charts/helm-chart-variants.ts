import path from "node:path";
import type {
  KubernetesObject,
  V1ConfigMap,
  V1Deployment,
  V1Ingress,
  V1NetworkPolicy,
  V1PodDisruptionBudget,
  V1Secret,
  V1Service,
  V1StatefulSet,
} from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";
import { expect } from "vitest";
import { parseConfig } from "@/server/config/env";
import { effectiveVclusterRoute } from "@/server/domain/clusters/platform-route";
import { runsInHostCluster } from "@/server/infra/kube/host-kube-config";
import { envByName, expectHardenedPlatformPod, expectKnownVariables, platformContainer, secretRef } from "./helm-chart-contract";
import { publicUrl, type ChartUnderTest, type Rendered, type Values } from "./helm-chart-render";

/** Kinds the charts render without a namespace. */
const CLUSTER_SCOPED_KINDS = new Set(["ClusterRole", "ClusterRoleBinding", "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding"]);

/**
 * The values variants e2e/deployments/helm-charts.integration-test.ts lints and renders for each
 * chart (release "demo" in kubebyon-system), what each must render, and what all must render.
 */

export const fullname = "demo-kubebyon";
export const namespace = "kubebyon-system";
export const secretsForParse = {
  DATABASE_URL: "postgresql://kubebyon:pw@db:5432/kubebyon",
  KUBEBYON_AUTH_SECRET: "a".repeat(48),
  KUBEBYON_RABBITMQ_URL: "amqp://kubebyon:pw@mq:5672",
};

export interface Variant {
  name: string;
  values: Values;
  multiOnly?: boolean;
  check?: (r: Rendered, chart: ChartUnderTest) => void;
}

const decode = (s: V1Secret, key: string) => Buffer.from(s.data?.[key] ?? "", "base64").toString("utf8");
const vclusterValues = (r: Rendered) => parseYaml(r.get<V1ConfigMap>("ConfigMap", `${fullname}-vcluster-values`).data?.["values.yaml"] ?? "") as Record<string, unknown>;
export const configData = (r: Rendered) => r.get<V1ConfigMap>("ConfigMap", `${fullname}-config`).data ?? {};

function expectBundledStore(r: Rendered, component: "postgres" | "rabbitmq", port: number): void {
  const name = `${fullname}-${component}`;
  const sts = r.get<V1StatefulSet>("StatefulSet", name);
  const pod = sts.spec?.template.spec;
  expect(pod?.securityContext?.runAsNonRoot).toBe(true);
  expect(pod?.automountServiceAccountToken).toBe(false);
  expect(pod?.containers[0]?.securityContext).toMatchObject({ allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] } });
  expect(sts.spec?.volumeClaimTemplates?.[0]?.spec?.resources?.requests?.storage).toBe("8Gi");
  expect(r.get<V1Service>("Service", name).spec?.ports?.[0]?.port).toBe(port);
  // Parsed YAML, not a client-node object: the field is `from` (the generated type calls it `_from`).
  const rule = r.get<V1NetworkPolicy>("NetworkPolicy", name).spec?.ingress?.[0] as { from?: Array<{ podSelector?: { matchExpressions?: Array<{ key: string; values?: string[] }> } }> } | undefined;
  const from = rule?.from?.[0]?.podSelector?.matchExpressions ?? [];
  expect(from.find((e) => e.key === "app.kubernetes.io/component")?.values).toEqual(["web", "worker"]);
  expect(from.find((e) => e.key === "app.kubernetes.io/instance")?.values).toEqual(["demo"]);
  const secret = r.get<V1Secret>("Secret", name);
  expect(secret.metadata?.annotations?.["helm.sh/resource-policy"]).toBe("keep");
  const password = decode(secret, "password");
  expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
  const url = new URL(decode(secret, "url"));
  expect(url.username).toBe("kubebyon");
  expect(url.password).toBe(password);
  expect(url.host).toBe(`${name}.${namespace}.svc:${port}`);
}

function expectNoStore(r: Rendered, component: "postgres" | "rabbitmq"): void {
  for (const kind of ["StatefulSet", "Secret", "Service", "NetworkPolicy"]) expect(r.find(kind, `${fullname}-${component}`), `${kind} ${component}`).toBeUndefined();
}

export const variants: Variant[] = [
  {
    name: "defaults (bundled PostgreSQL)",
    values: {},
    check: (r, chart) => {
      expectBundledStore(r, "postgres", 5432);
      const pg = r.get<V1StatefulSet>("StatefulSet", `${fullname}-postgres`).spec?.template.spec?.containers[0];
      expect(pg?.image).toBe("postgres:18");
      expect(pg?.readinessProbe?.exec?.command).toContain("pg_isready");
      expect(pg?.env?.find((e) => e.name === "POSTGRES_PASSWORD")?.valueFrom?.secretKeyRef).toMatchObject({ name: `${fullname}-postgres`, key: "password" });
      if (chart.multiNode) expectBundledStore(r, "rabbitmq", 5672);
      else expectNoStore(r, "rabbitmq");
      const auth = r.get<V1Secret>("Secret", `${fullname}-auth`);
      expect(auth.metadata?.annotations?.["helm.sh/resource-policy"]).toBe("keep");
      expect(decode(auth, "authSecret").length).toBeGreaterThanOrEqual(32);
      expect(vclusterValues(r)).toEqual({});
      const webPolicy = r.get<V1NetworkPolicy>("NetworkPolicy", `${fullname}-web`).spec;
      expect(webPolicy?.policyTypes, "egress is not restricted").toEqual(["Ingress"]);
      expect(webPolicy?.ingress).toEqual([{ ports: [{ port: 3000, protocol: "TCP" }] }]);
      expect(r.ofKind("Ingress")).toHaveLength(0);
      expect(r.ofKind("HTTPRoute")).toHaveLength(0);
      expect(r.find("PodDisruptionBudget", `${fullname}-web`) !== undefined, "web PDB only with several replicas").toBe(chart.multiNode);
    },
  },
  {
    name: "external PostgreSQL",
    values: { database: { bundled: { enabled: false }, external: { existingSecret: "kubebyon-db", key: "dsn" } } },
    check: (r) => {
      expectNoStore(r, "postgres");
      for (const d of r.ofKind<V1Deployment>("Deployment")) expect(secretRef(platformContainer(d), "DATABASE_URL")).toEqual({ name: "kubebyon-db", key: "dsn" });
    },
  },
  {
    name: "Longhorn on, with base vCluster values",
    values: { vcluster: { longhorn: { enabled: true }, values: { controlPlane: { statefulSet: { resources: { requests: { cpu: "500m" } } } } } } },
    check: (r) => {
      const values = vclusterValues(r) as { controlPlane?: { statefulSet?: { persistence?: { volumeClaim?: { storageClass?: string } }; resources?: unknown } } };
      expect(values.controlPlane?.statefulSet?.persistence?.volumeClaim?.storageClass).toBe("longhorn");
      expect(values.controlPlane?.statefulSet?.resources).toEqual({ requests: { cpu: "500m" } });
    },
  },
  {
    name: "Longhorn off, with base vCluster values",
    values: { vcluster: { longhorn: { enabled: false }, values: { controlPlane: { statefulSet: { persistence: { volumeClaim: { size: "10Gi" } } } } } } },
    check: (r) => {
      const values = vclusterValues(r) as { controlPlane?: { statefulSet?: { persistence?: { volumeClaim?: Record<string, unknown> } } } };
      expect(values.controlPlane?.statefulSet?.persistence?.volumeClaim).toEqual({ size: "10Gi" });
    },
  },
  {
    name: "ingress on",
    values: { ingress: { enabled: true, className: "nginx", tls: [{ secretName: "kubebyon-tls", hosts: ["kubebyon.example.com"] }] } },
    check: (r) => {
      const spec = r.get<V1Ingress>("Ingress", `${fullname}-web`).spec;
      expect(spec?.ingressClassName).toBe("nginx");
      expect(spec?.tls).toEqual([{ secretName: "kubebyon-tls", hosts: ["kubebyon.example.com"] }]);
      expect(spec?.rules?.map((rule) => rule.host)).toEqual(["kubebyon.example.com"]);
      expect(spec?.rules?.[0]?.http?.paths[0]?.backend.service).toEqual({ name: `${fullname}-web`, port: { name: "http" } });
    },
  },
  {
    name: "httpRoute on",
    values: { httpRoute: { enabled: true, parentRefs: [{ name: "public", namespace: "gateway-system" }] } },
    check: (r) => {
      const route = r.get<KubernetesObject & { spec: { parentRefs: unknown; hostnames: string[]; rules: Array<{ backendRefs: unknown }> } }>("HTTPRoute", `${fullname}-web`);
      expect(route.apiVersion).toBe("gateway.networking.k8s.io/v1");
      expect(route.spec.parentRefs).toEqual([{ name: "public", namespace: "gateway-system" }]);
      expect(route.spec.hostnames).toEqual(["kubebyon.example.com"]);
      expect(route.spec.rules[0]?.backendRefs).toEqual([{ name: `${fullname}-web`, port: 80 }]);
    },
  },
  {
    // The objects in detail: e2e/deployments/platform-gateway-chart.integration-test.ts; here the labels/namespace contract.
    name: "gatewayAPI platform and controlPlane on",
    values: {
      gatewayAPI: {
        platform: { enabled: true, hostname: "kubebyon.example.com", gatewayClassName: "eg", tls: { certManager: { issuerRef: { name: "letsencrypt" } } } },
        controlPlane: { enabled: true, gatewayClassName: "eg" },
      },
    },
    check: (r) => {
      expect(r.ofKind("Gateway").map((o) => o.metadata?.name).sort()).toEqual([`${fullname}-control-plane`, `${fullname}-platform`]);
      expect(r.ofKind("HTTPRoute").map((o) => o.metadata?.name).sort()).toEqual([`${fullname}-platform`, `${fullname}-platform-redirect`]);
      expect(r.ofKind("Certificate")).toHaveLength(1);
    },
  },
  {
    name: "settings, first admin and secret env",
    values: {
      config: { KUBEBYON_LOG_LEVEL: "debug", KUBEBYON_SESSION_TTL_HOURS: 24, KUBEBYON_SESSION_COOKIE_SECURE: true },
      admin: { email: "ops@example.com", existingSecret: "kubebyon-admin" },
      secretEnv: { existingSecret: "kubebyon-secret-env" },
    },
    check: (r) => {
      const data = configData(r);
      expect(data).toMatchObject({ KUBEBYON_LOG_LEVEL: "debug", KUBEBYON_SESSION_TTL_HOURS: "24", KUBEBYON_SESSION_COOKIE_SECURE: "true", KUBEBYON_ADMIN_EMAIL: "ops@example.com" });
      const config = parseConfig({ ...data, ...secretsForParse });
      expect(config).toMatchObject({ logLevel: "debug", sessionTtlHours: 24, sessionCookieSecure: true, firstAdmin: { email: "ops@example.com" } });
      for (const d of r.ofKind<V1Deployment>("Deployment")) {
        expect(platformContainer(d).envFrom?.[1]?.secretRef?.name, `${d.metadata?.name} secretEnv`).toBe("kubebyon-secret-env");
      }
      expect(secretRef(platformContainer(r.get<V1Deployment>("Deployment", `${fullname}-web`)), "KUBEBYON_ADMIN_PASSWORD")).toEqual({ name: "kubebyon-admin", key: "password" });
    },
  },
  ...[1, 3].map(
    (replicas): Variant => ({
      name: `${replicas} worker(s)`,
      multiOnly: true,
      values: { worker: { replicas } },
      check: (r) => {
        expect(r.get<V1Deployment>("Deployment", `${fullname}-worker`).spec?.replicas).toBe(replicas);
        expect(r.get<V1PodDisruptionBudget>("PodDisruptionBudget", `${fullname}-worker`).spec?.minAvailable).toBe(1);
      },
    }),
  ),
  {
    name: "external RabbitMQ",
    multiOnly: true,
    values: { rabbitmq: { bundled: { enabled: false }, external: { existingSecret: "kubebyon-mq" } } },
    check: (r) => {
      expectNoStore(r, "rabbitmq");
      for (const d of r.ofKind<V1Deployment>("Deployment")) expect(secretRef(platformContainer(d), "KUBEBYON_RABBITMQ_URL")).toEqual({ name: "kubebyon-mq", key: "url" });
    },
  },
  {
    name: "admission webhook on (defaults)",
    values: { admissionWebhook: { enabled: true } },
    check: (r) => {
      const service = r.get<V1Service>("Service", `${fullname}-admission`).spec;
      expect(service?.type).toBe("ClusterIP");
      expect(service?.ports).toEqual([{ name: "https", port: 443, targetPort: "admission", protocol: "TCP" }]);
      expect(service?.selector).toMatchObject({ "app.kubernetes.io/component": "web" });
      expect(platformContainer(r.get<V1Deployment>("Deployment", `${fullname}-web`)).ports).toEqual([
        { name: "http", containerPort: 3000, protocol: "TCP" },
        { name: "admission", containerPort: 9443, protocol: "TCP" },
      ]);
      expect(r.get<V1NetworkPolicy>("NetworkPolicy", `${fullname}-web`).spec?.ingress).toEqual([{ ports: [{ port: 3000, protocol: "TCP" }, { port: 9443, protocol: "TCP" }] }]);
      // One ConfigMap for web and worker: the worker runs the sync loop with the same settings.
      const config = parseConfig({ ...configData(r), ...secretsForParse });
      expect(config.admissionWebhook).toEqual({
        enabled: true,
        listen: { address: "0.0.0.0", port: 9443 },
        url: `https://${fullname}-admission.${namespace}.svc:443`,
        failurePolicy: "Fail",
        timeoutSeconds: 5,
        syncIntervalSeconds: 60,
      });
    },
  },
  {
    name: "admission webhook on with its own URL and settings",
    values: { admissionWebhook: { enabled: true, port: 8443, url: "https://hooks.example.com:8443", failurePolicy: "Ignore", timeoutSeconds: 10, syncIntervalSeconds: 30 } },
    check: (r) => {
      expect(r.get<V1Service>("Service", `${fullname}-admission`).spec?.ports?.[0]).toMatchObject({ port: 443, targetPort: "admission" });
      expect(platformContainer(r.get<V1Deployment>("Deployment", `${fullname}-web`)).ports?.[1]).toEqual({ name: "admission", containerPort: 8443, protocol: "TCP" });
      const config = parseConfig({ ...configData(r), ...secretsForParse });
      expect(config.admissionWebhook).toEqual({ enabled: true, listen: { address: "0.0.0.0", port: 8443 }, url: "https://hooks.example.com:8443", failurePolicy: "Ignore", timeoutSeconds: 10, syncIntervalSeconds: 30 });
    },
  },
];

/** What every variant renders: the contract's Deployments, ConfigMap, Service and labels. */
export function expectContract(r: Rendered, chart: ChartUnderTest, values: Values): void {
  const web = r.get<V1Deployment>("Deployment", `${fullname}-web`);
  expectHardenedPlatformPod(web, fullname, "web");
  const c = platformContainer(web);
  expect(c.image).toBe("kubebyon/kubebyon-web:0.1.0");
  expect(c.command).toEqual(["node", "node_modules/next/dist/bin/next", "start", "-H", "0.0.0.0", "-p", "3000"]);
  // The admission webhook's port is the second, only when it is on (its variants check it).
  const admission = (values.admissionWebhook as { enabled?: boolean } | undefined)?.enabled === true;
  expect(c.ports?.[0]).toEqual({ name: "http", containerPort: 3000, protocol: "TCP" });
  expect(c.ports).toHaveLength(admission ? 2 : 1);
  expect(r.find("Service", `${fullname}-admission`) !== undefined, "Service <fullname>-admission only with the webhook on").toBe(admission);
  expect(c.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "http" });
  expect(c.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
  expect(c.startupProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
  expect((c.startupProbe?.failureThreshold ?? 0) * (c.startupProbe?.periodSeconds ?? 0), "start-up (migrations) allowed at least 5 min").toBeGreaterThanOrEqual(300);
  expect(secretRef(c, "KUBEBYON_AUTH_SECRET")).toEqual({ name: `${fullname}-auth`, key: "authSecret" });
  const db = values.database as { bundled?: { enabled?: boolean } } | undefined;
  if (db?.bundled?.enabled !== false) expect(secretRef(c, "DATABASE_URL")).toEqual({ name: `${fullname}-postgres`, key: "url" });

  const worker = r.find<V1Deployment>("Deployment", `${fullname}-worker`);
  if (chart.multiNode) {
    expect(web.spec?.replicas).toBe(2);
    expect(web.spec?.strategy?.type).toBe("RollingUpdate");
    if (!worker) throw new Error("multi-node renders no worker Deployment");
    expectHardenedPlatformPod(worker, fullname, "worker");
    const w = platformContainer(worker);
    expect(w.image).toBe("kubebyon/kubebyon-worker:0.1.0");
    expect(w.command, "the image ENTRYPOINT").toBeUndefined();
    // The worker's /healthz, /readyz and /metrics listener (worker/worker-http.ts) on its `metrics` port.
    expect(w.ports).toEqual([{ name: "metrics", containerPort: 9090, protocol: "TCP" }]);
    expect(w.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "metrics" });
    expect(w.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "metrics" });
    expect(w.startupProbe?.httpGet).toEqual({ path: "/healthz", port: "metrics" });
    expect((w.startupProbe?.failureThreshold ?? 0) * (w.startupProbe?.periodSeconds ?? 0), "start-up (migrations) allowed at least 5 min").toBeGreaterThanOrEqual(300);
    expect(r.get<V1Service>("Service", `${fullname}-worker-metrics`).spec?.ports).toEqual([{ name: "metrics", port: 9090, targetPort: "metrics", protocol: "TCP" }]);
    // The worker's admission webhook sync derives the URL token and opens the platform CA with the auth secret.
    if (admission) expect(secretRef(w, "KUBEBYON_AUTH_SECRET"), "the worker gets the auth secret for the admission webhook").toEqual(secretRef(c, "KUBEBYON_AUTH_SECRET"));
    else expect(envByName(w).has("KUBEBYON_AUTH_SECRET"), "without the admission webhook the auth secret is the web's only").toBe(false);
    expect(secretRef(w, "DATABASE_URL")).toEqual(secretRef(c, "DATABASE_URL"));
    expect(secretRef(w, "KUBEBYON_RABBITMQ_URL")).toEqual(secretRef(c, "KUBEBYON_RABBITMQ_URL"));
    expect(secretRef(c, "KUBEBYON_RABBITMQ_URL")).toBeDefined();
  } else {
    expect(web.spec?.replicas).toBe(1);
    expect(web.spec?.strategy?.type, "never two job executors at once").toBe("Recreate");
    expect(worker).toBeUndefined();
    expect(envByName(c).has("KUBEBYON_RABBITMQ_URL"), "single-node runs the jobs in the web process").toBe(false);
    expect(r.find("Service", `${fullname}-worker-metrics`), "no worker, no worker metrics Service").toBeUndefined();
    expect(configData(r).KUBEBYON_WORKER_HTTP_ADDR, "no worker listener to configure").toBeUndefined();
  }

  const data = configData(r);
  expect(data).toMatchObject({
    KUBEBYON_HTTP_ADDR: ":3000",
    KUBEBYON_PUBLIC_URL: publicUrl,
    NEXTAUTH_URL: publicUrl,
    KUBEBYON_VCLUSTER_VALUES_FILE: "/etc/kubebyon/vcluster/values.yaml",
    KUBEBYON_TENANT_CLUSTER_ROLE: `${fullname}-tenant`,
    KUBEBYON_PLATFORM_API_KEY_SECRET_NAME: "vcluster-platform-api-key",
    KUBEBYON_PLATFORM_API_KEY_SOURCE_NAMESPACE: namespace,
    NEXT_TELEMETRY_DISABLED: "1",
  });
  const config = parseConfig({ ...data, ...secretsForParse });
  expect(config.httpPort).toBe(3000);
  if (chart.multiNode) expect(config.workerHttp).toEqual({ host: undefined, port: 9090 });
  expect(config.admissionWebhook.enabled).toBe(admission);
  const cookie = (values.config as Record<string, unknown> | undefined)?.KUBEBYON_SESSION_COOKIE_SECURE;
  expect(config.sessionCookieSecure, "an https publicUrl means Secure cookies unless config says otherwise").toBe(cookie === undefined ? true : cookie);
  expect(config.vcluster).toEqual({ chart: "vcluster", chartRepo: "https://charts.loft.sh", chartVersion: "0.33.0", valuesFile: "/etc/kubebyon/vcluster/values.yaml" });
  // In a pod (service host/port and token present, no kubeconfig) auto means the Service route.
  const inPod = runsInHostCluster({ kubeconfigPath: config.kubeconfigPath, env: { ...data, KUBERNETES_SERVICE_HOST: "10.43.0.1", KUBERNETES_SERVICE_PORT: "443" }, serviceAccountTokenPath: path.join(chart.dir, "Chart.yaml") });
  expect(effectiveVclusterRoute(config.vclusterRoute, inPod)).toBe("service");
  expectKnownVariables(r, fullname);

  const service = r.get<V1Service>("Service", `${fullname}-web`).spec;
  expect(service?.type).toBe("ClusterIP");
  expect(service?.ports).toEqual([{ name: "http", port: 80, targetPort: "http", protocol: "TCP" }]);

  for (const o of r.objects) {
    expect(o.metadata?.labels, `${o.kind}/${o.metadata?.name} labels`).toMatchObject({
      "app.kubernetes.io/name": "kubebyon",
      "app.kubernetes.io/instance": "demo",
      "app.kubernetes.io/version": "0.1.0",
      "app.kubernetes.io/managed-by": "Helm",
      "app.kubernetes.io/part-of": "kubebyon",
      "helm.sh/chart": "kubebyon-0.1.0",
    });
    if (!CLUSTER_SCOPED_KINDS.has(o.kind ?? "")) expect(o.metadata?.namespace, `${o.kind}/${o.metadata?.name}`).toBe(namespace);
  }
  for (const d of [...r.ofKind<V1Deployment>("Deployment"), ...r.ofKind<V1StatefulSet>("StatefulSet")]) {
    expect(d.spec?.template.metadata?.labels).toMatchObject(d.spec?.selector.matchLabels ?? { missing: "selector" });
  }
}
