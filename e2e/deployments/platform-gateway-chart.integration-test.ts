import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CoreV1Api, KubernetesObjectApi, RbacAuthorizationV1Api, type KubernetesObject, type V1ClusterRole } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildControlPlaneTlsRoute } from "@/server/domain/clusters/control-plane-tls-route";
import { GatewayApiTlsRoutes } from "@/server/infra/kube/gateway-api-tls-routes";
import { KubeApiError } from "@/server/infra/kube/kube-calls";
import { CLUSTER_ID_LABEL } from "@/server/services/clusters/control-plane-provisioner";
import { installGatewayApiCrds } from "../env/gateway-api-crds";
import { serviceAccountKubeconfig } from "../env/platform-rbac";
import { startKubeCluster, type KubeCluster } from "../env/kube-cluster";
import { ensureKubeTools } from "../env/kube-tools";
import { CHARTS, HelmRunner, parseManifests, publicUrl, type ChartUnderTest, type Values } from "../env/charts/helm-chart-render";

/**
 * gatewayAPI.platform (the platform Gateway + HTTPRoute, arch §3.4 Phase 3) and
 * gatewayAPI.controlPlane (the shared TLS Passthrough Gateway of the gatewayapi provider) in both
 * charts: what the real helm renders and lints, what the schema refuses, and — with the Gateway API
 * CRDs (standard channel v1.6.3) in a real kube-apiserver — that the apiserver's schema and CEL
 * validation accepts the objects. No Gateway controller runs, so nothing here checks traffic.
 */

const hostname = "kubebyon.example.com";
const fullname = "demo-kubebyon";

interface PathMatch {
  path?: { type?: string; value?: string };
}
interface HttpRoute extends KubernetesObject {
  spec: {
    parentRefs: Array<{ group?: string; kind?: string; name: string; namespace?: string; sectionName?: string }>;
    hostnames: string[];
    rules: Array<{ matches?: PathMatch[]; backendRefs?: Array<{ name: string; port: number }>; filters?: Array<{ type: string; requestRedirect?: { scheme?: string; statusCode?: number } }> }>;
  };
}
interface Listener {
  name: string;
  protocol: string;
  port: number;
  hostname?: string;
  tls?: { mode?: string; certificateRefs?: Array<{ kind?: string; name: string }> };
  allowedRoutes?: { kinds?: Array<{ group?: string; kind: string }>; namespaces?: { from?: string; selector?: { matchExpressions?: Array<{ key: string; operator: string }> } } };
}
interface Gateway extends KubernetesObject {
  spec: { gatewayClassName: string; listeners: Listener[] };
}
interface Certificate extends KubernetesObject {
  spec: { secretName: string; dnsNames: string[]; issuerRef: { group: string; kind: string; name: string } };
}

/** Everything on: chart-owned Gateway with cert-manager and the redirect, and the control-plane Gateway. */
const allOn: Values = {
  publicUrl,
  gatewayAPI: {
    platform: { enabled: true, hostname, gatewayClassName: "eg", tls: { certManager: { issuerRef: { name: "letsencrypt" } } } },
    controlPlane: { enabled: true, gatewayClassName: "eg-passthrough" },
  },
};

/** The ConfigMap's KUBEBYON_GATEWAY_* entries (what the platform reads as its shared Gateway). */
function gatewaySettings(r: { objects: KubernetesObject[] }): Record<string, string> {
  const config = r.objects.find((o) => o.kind === "ConfigMap" && o.metadata?.name === `${fullname}-config`) as { data?: Record<string, string> } | undefined;
  return Object.fromEntries(Object.entries(config?.data ?? {}).filter(([k]) => k.startsWith("KUBEBYON_GATEWAY_")));
}

const pathsOf = (route: HttpRoute) => route.spec.rules.map((r) => r.matches?.map((m) => `${m.path?.type} ${m.path?.value}`));
const backendsOf = (route: HttpRoute) => route.spec.rules.map((r) => r.backendRefs);

describe.each(CHARTS)("$mode chart: gatewayAPI values", (chart) => {
  let helm: HelmRunner;
  beforeAll(async () => {
    helm = await HelmRunner.create((await ensureKubeTools()).helm);
  });
  afterAll(async () => helm?.cleanup());

  it("renders no Gateway API object by default", async () => {
    const r = await helm.render(chart, { publicUrl });
    for (const kind of ["Gateway", "HTTPRoute", "Certificate"]) expect(r.ofKind(kind), kind).toEqual([]);
  });

  it("passes helm lint --strict with every gatewayAPI value on", async () => {
    for (const values of [allOn, { publicUrl, gatewayAPI: { platform: { enabled: true, hostname, parentRef: { name: "public", namespace: "gateway-system", sectionName: "https" } } } }]) {
      const lint = await helm.run(["lint", "--strict", chart.dir, "-f", await helm.valuesFile(values)]);
      expect(lint.code, `${lint.stdout}\n${lint.stderr}`).toBe(0);
      expect(lint.stdout).toContain("0 chart(s) failed");
    }
  });

  it("routes Exact /healthz, PathPrefix /api and PathPrefix / on the platform hostname to the one web Service, over HTTPS with the TLS Secret", async () => {
    const r = await helm.render(chart, allOn);
    const route = r.get<HttpRoute>("HTTPRoute", `${fullname}-platform`);
    expect(route.spec.hostnames).toEqual([hostname]);
    expect(route.spec.parentRefs).toEqual([{ group: "gateway.networking.k8s.io", kind: "Gateway", name: `${fullname}-platform`, namespace: "kubebyon-system", sectionName: "https" }]);
    // Most specific first, one match per rule: the spec's precedence (Exact over prefixes, longer prefix over shorter).
    expect(pathsOf(route)).toEqual([["Exact /healthz"], ["PathPrefix /api"], ["PathPrefix /"]]);
    for (const refs of backendsOf(route)) expect(refs).toEqual([{ name: `${fullname}-web`, port: 80 }]);

    const gw = r.get<Gateway>("Gateway", `${fullname}-platform`);
    expect(gw.spec.gatewayClassName).toBe("eg");
    const [https, http] = gw.spec.listeners;
    expect(https).toMatchObject({ name: "https", protocol: "HTTPS", port: 443, hostname, tls: { mode: "Terminate", certificateRefs: [{ kind: "Secret", name: `${fullname}-platform-tls` }] } });
    expect(http).toMatchObject({ name: "http", protocol: "HTTP", port: 80, hostname });

    const redirect = r.get<HttpRoute>("HTTPRoute", `${fullname}-platform-redirect`);
    expect(redirect.spec.parentRefs[0]?.sectionName).toBe("http");
    expect(redirect.spec.rules).toEqual([{ filters: [{ type: "RequestRedirect", requestRedirect: { scheme: "https", statusCode: 301 } }] }]);

    const cert = r.get<Certificate>("Certificate", `${fullname}-platform`);
    expect(cert.apiVersion).toBe("cert-manager.io/v1");
    expect(cert.spec).toEqual({ secretName: `${fullname}-platform-tls`, dnsNames: [hostname], issuerRef: { group: "cert-manager.io", kind: "ClusterIssuer", name: "letsencrypt" } });
  });

  it("follows service.port, routeConsole=false, tls.secretName without cert-manager, and no redirect", async () => {
    const r = await helm.render(chart, {
      publicUrl,
      service: { port: 8080 },
      gatewayAPI: { platform: { enabled: true, hostname, gatewayClassName: "eg", routeConsole: false, httpRedirect: false, gatewayName: "edge", tls: { secretName: "my-tls" } } },
    });
    const route = r.get<HttpRoute>("HTTPRoute", `${fullname}-platform`);
    expect(pathsOf(route)).toEqual([["Exact /healthz"], ["PathPrefix /api"]]);
    for (const refs of backendsOf(route)) expect(refs).toEqual([{ name: `${fullname}-web`, port: 8080 }]);
    expect(route.spec.parentRefs[0]?.name).toBe("edge");
    const gw = r.get<Gateway>("Gateway", "edge");
    expect(gw.spec.listeners.map((l) => l.name)).toEqual(["https"]);
    expect(gw.spec.listeners[0]?.tls?.certificateRefs).toEqual([{ group: "", kind: "Secret", name: "my-tls" }]);
    expect(r.ofKind("Certificate")).toEqual([]);
    expect(r.find("HTTPRoute", `${fullname}-platform-redirect`)).toBeUndefined();
  });

  it("attaches to an existing Gateway with parentRef and then renders no Gateway, Certificate or redirect", async () => {
    const r = await helm.render(chart, {
      publicUrl,
      gatewayAPI: { platform: { enabled: true, hostname, parentRef: { name: "public", namespace: "gateway-system", sectionName: "websecure" }, tls: { certManager: { issuerRef: { name: "le" } } } } },
    });
    const route = r.get<HttpRoute>("HTTPRoute", `${fullname}-platform`);
    expect(route.spec.parentRefs).toEqual([{ group: "gateway.networking.k8s.io", kind: "Gateway", name: "public", namespace: "gateway-system", sectionName: "websecure" }]);
    expect(r.ofKind("Gateway")).toEqual([]);
    expect(r.ofKind("Certificate")).toEqual([]);
    expect(r.ofKind("HTTPRoute").map((o) => o.metadata?.name)).toEqual([`${fullname}-platform`]);
  });

  it("renders the control-plane Gateway: TLS Passthrough on 443, TLSRoutes only, from namespaces labelled kubebyon.io/cluster-id", async () => {
    const r = await helm.render(chart, { publicUrl, gatewayAPI: { controlPlane: { enabled: true, gatewayClassName: "eg", gatewayName: "kubebyon-edge", gatewayNamespace: "edge-system", hostname: "*.clusters.example.com" } } });
    const gw = r.get<Gateway>("Gateway", "kubebyon-edge");
    expect(gw.metadata?.namespace).toBe("edge-system");
    expect(gw.spec.listeners).toEqual([
      {
        name: "tls-passthrough",
        protocol: "TLS",
        port: 443,
        hostname: "*.clusters.example.com",
        tls: { mode: "Passthrough" },
        allowedRoutes: {
          kinds: [{ group: "gateway.networking.k8s.io", kind: "TLSRoute" }],
          // The label the platform puts on every cluster namespace (services/clusters).
          namespaces: { from: "Selector", selector: { matchExpressions: [{ key: CLUSTER_ID_LABEL, operator: "Exists" }] } },
        },
      },
    ]);
    expect(r.ofKind("HTTPRoute")).toEqual([]);
    // The platform's settings name this Gateway, so the gatewayapi provider's TLSRoutes attach to it.
    expect(gatewaySettings(r)).toEqual({ KUBEBYON_GATEWAY_NAME: "kubebyon-edge", KUBEBYON_GATEWAY_NAMESPACE: "edge-system", KUBEBYON_GATEWAY_LISTENER: "tls-passthrough" });
    const config = r.objects.find((o) => o.kind === "ConfigMap" && o.metadata?.name === `${fullname}-config`) as { data?: Record<string, string> } | undefined;
    expect(config?.data?.KUBEBYON_PUBLIC_ACCESS_PROVIDER).toBe("haproxy");
  });

  it("wires KUBEBYON_GATEWAY_* to the Gateway's effective name, namespace and listener, and grants TLSRoutes only per cluster namespace", async () => {
    const defaults = await helm.render(chart, { publicUrl, gatewayAPI: { controlPlane: { enabled: true, gatewayClassName: "eg", listenerName: "edge-tls" } } });
    expect(defaults.get<Gateway>("Gateway", `${fullname}-control-plane`).metadata?.namespace).toBe("kubebyon-system");
    expect(gatewaySettings(defaults)).toEqual({ KUBEBYON_GATEWAY_NAME: `${fullname}-control-plane`, KUBEBYON_GATEWAY_NAMESPACE: "kubebyon-system", KUBEBYON_GATEWAY_LISTENER: "edge-tls" });
    // The tenant ClusterRole (bound by the platform in each cluster namespace only) gets the route; the cluster-wide one does not.
    const rules = (r: typeof defaults, name: string) => r.get<V1ClusterRole>("ClusterRole", name).rules ?? [];
    const routeRules = (r: typeof defaults, name: string) => rules(r, name).filter((rule) => rule.apiGroups?.includes("gateway.networking.k8s.io"));
    expect(routeRules(defaults, `${fullname}-tenant`)).toEqual([
      { apiGroups: ["gateway.networking.k8s.io"], resources: ["tlsroutes"], verbs: ["get", "create", "patch", "delete"] },
      { apiGroups: ["gateway.networking.k8s.io"], resources: ["tlsroutes/status"], verbs: ["get"] },
    ]);
    expect(routeRules(defaults, fullname)).toEqual([]);
    // The route re-check reads the Gateway's listener status: get on that one Gateway, in its namespace.
    const gatewayRole = defaults.get<V1ClusterRole>("Role", `${fullname}-control-plane-gateway`);
    expect(gatewayRole.metadata?.namespace).toBe("kubebyon-system");
    expect(gatewayRole.rules).toEqual([{ apiGroups: ["gateway.networking.k8s.io"], resources: ["gateways"], resourceNames: [`${fullname}-control-plane`], verbs: ["get"] }]);
    expect(defaults.get<KubernetesObject & { roleRef: { name: string } }>("RoleBinding", `${fullname}-control-plane-gateway`).roleRef.name).toBe(`${fullname}-control-plane-gateway`);

    const off = await helm.render(chart, { publicUrl });
    expect(off.find("Role", `${fullname}-control-plane-gateway`)).toBeUndefined();
    expect(gatewaySettings(off)).toEqual({});
    expect(routeRules(off, `${fullname}-tenant`)).toEqual([]);
  });

  it.each([
    ["platform enabled without hostname", { platform: { enabled: true, gatewayClassName: "eg" } }, "/gatewayAPI/platform/hostname"],
    ["platform enabled without gatewayClassName or parentRef", { platform: { enabled: true, hostname } }, "/gatewayAPI/platform/gatewayClassName"],
    ["a platform hostname with a scheme", { platform: { enabled: true, hostname: "https://kubebyon.example.com", gatewayClassName: "eg" } }, "/gatewayAPI/platform/hostname"],
    ["an unknown issuer kind", { platform: { enabled: true, hostname, gatewayClassName: "eg", tls: { certManager: { issuerRef: { name: "le", kind: "Vault" } } } } }, "/gatewayAPI/platform/tls/certManager/issuerRef/kind"],
    ["an unknown platform value", { platform: { enabled: true, hostname, gatewayClassName: "eg", listeners: [] } }, "'listeners'"],
    ["controlPlane enabled without gatewayClassName", { controlPlane: { enabled: true } }, "/gatewayAPI/controlPlane/gatewayClassName"],
  ] as const)("the schema refuses %s and names the value", async (_what, gatewayAPI, named) => {
    const result = await helm.template(chart, { publicUrl, gatewayAPI });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(named);
  });
});

/** A new RoleBinding takes a moment to reach the authorizer's cache: retry a 403 for a few seconds. */
async function waitForRbac<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof KubeApiError && err.status === 403) || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe("gatewayAPI objects in a kube-apiserver with the Gateway API CRDs (standard channel)", () => {
  let cluster: KubeCluster;
  let helm: HelmRunner;
  let objects: KubernetesObjectApi;

  beforeAll(async () => {
    cluster = await startKubeCluster();
    await installGatewayApiCrds(cluster.kubeConfig());
    helm = await HelmRunner.create(cluster.tools.helm);
    objects = KubernetesObjectApi.makeApiClient(cluster.kubeConfig());
    await cluster.kubeConfig().makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: "edge-system" } } });
  });
  afterAll(async () => {
    await helm?.cleanup();
    await cluster?.stop();
  });

  it("helm install creates the platform Gateway, both HTTPRoutes and the control-plane Gateway, and the apiserver keeps the rules as rendered", async () => {
    const chart = CHARTS[0] as ChartUnderTest;
    const ns = "kubebyon-system";
    // No cert-manager CRDs here, so no Certificate (asserted on the rendered object above).
    const values: Values = {
      publicUrl,
      gatewayAPI: { platform: { enabled: true, hostname, gatewayClassName: "eg" }, controlPlane: { enabled: true, gatewayClassName: "eg", gatewayName: "kubebyon-edge", gatewayNamespace: "edge-system" } },
    };
    const install = await helm.run(["install", "demo", chart.dir, "-n", ns, "--create-namespace", "-f", await helm.valuesFile(values)], cluster.kubeconfigPath);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toContain(`HTTPRoute ${fullname}-platform for https://${hostname}`);
    expect(install.stdout).toContain("Control-plane Gateway edge-system/kubebyon-edge (TLS Passthrough :443, listener tls-passthrough) is rendered");
    expect(install.stdout).toContain("the platform attaches one TLSRoute");

    const read = <T extends KubernetesObject>(kind: string, name: string, namespace: string) =>
      objects.read({ apiVersion: "gateway.networking.k8s.io/v1", kind, metadata: { name, namespace } }) as Promise<T>;
    const route = await read<HttpRoute>("HTTPRoute", `${fullname}-platform`, ns);
    expect(pathsOf(route)).toEqual([["Exact /healthz"], ["PathPrefix /api"], ["PathPrefix /"]]);
    for (const refs of backendsOf(route)) expect(refs).toMatchObject([{ name: `${fullname}-web`, port: 80 }]);
    const redirect = await read<HttpRoute>("HTTPRoute", `${fullname}-platform-redirect`, ns);
    expect(redirect.spec.rules[0]?.filters?.[0]).toMatchObject({ type: "RequestRedirect", requestRedirect: { scheme: "https", statusCode: 301 } });
    const platform = await read<Gateway>("Gateway", `${fullname}-platform`, ns);
    expect(platform.spec.listeners.map((l) => `${l.name} ${l.protocol} ${l.port} ${l.tls?.mode ?? "-"}`)).toEqual(["https HTTPS 443 Terminate", "http HTTP 80 -"]);
    const edge = await read<Gateway>("Gateway", "kubebyon-edge", "edge-system");
    expect(edge.spec.listeners[0]).toMatchObject({ protocol: "TLS", port: 443, tls: { mode: "Passthrough" }, allowedRoutes: { namespaces: { from: "Selector" } } });

    // A cluster namespace as the platform labels it is selected by the listener's selector (evaluated
    // by the apiserver), and the TLSRoute the platform's cluster jobs write for it is accepted.
    const core = cluster.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: "kb-cl-1", labels: { [CLUSTER_ID_LABEL]: "cl_1" } } } });
    const exprs = edge.spec.listeners[0]?.allowedRoutes?.namespaces?.selector?.matchExpressions ?? [];
    expect(exprs.map((e) => e.operator)).toEqual(["Exists"]);
    const selected = await core.listNamespace({ labelSelector: exprs.map((e) => e.key).join(",") });
    expect(selected.items.map((n) => n.metadata?.name)).toEqual(["kb-cl-1"]);
    const built = buildControlPlaneTlsRoute({
      namespace: "kb-cl-1",
      releaseName: "demo",
      controlPlaneHost: "api.demo.example.com",
      gateway: { name: "kubebyon-edge", namespace: "edge-system", sectionName: edge.spec.listeners[0]?.name },
      labels: { [CLUSTER_ID_LABEL]: "cl_1" },
    });
    if (built.kind !== "ready") throw new Error(built.reason);
    expect((await objects.create(built.route, undefined, "All")).metadata?.name).toBe("demo-control-plane");

    // The installed RBAC lets the platform's own ServiceAccount manage the route, as the cluster jobs
    // do: it binds the tenant ClusterRole to itself in the cluster namespace (RoleBinding
    // kubebyon-platform, as ensure_namespace does), then applies, reads and deletes the TLSRoute with the
    // production adapter. Without that binding (another namespace) it is refused.
    const dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-gw-rbac-"));
    try {
      const platform = await serviceAccountKubeconfig(cluster, { namespace: ns, name: fullname, file: path.join(dir, "platform.kubeconfig") });
      await platform.kubeConfig.makeApiClient(RbacAuthorizationV1Api).createNamespacedRoleBinding({
        namespace: "kb-cl-1",
        body: {
          metadata: { name: "kubebyon-platform" },
          roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: `${fullname}-tenant` },
          subjects: [{ kind: "ServiceAccount", name: fullname, namespace: ns }],
        },
      });
      const asPlatform = new GatewayApiTlsRoutes({ kubeConfig: platform.kubeConfig });
      // (The create above was a dry run.) Server-side apply creates the route, then updates it in place.
      expect((await waitForRbac(() => asPlatform.apply(built.route))).generation).toBe(1);
      expect((await asPlatform.apply({ ...built.route, spec: { ...built.route.spec, hostnames: ["api2.demo.example.com"] } })).generation).toBe(2);
      expect(await asPlatform.readStatus({ namespace: "kb-cl-1", name: "demo-control-plane", gateway: { name: "kubebyon-edge", namespace: "edge-system" } })).toMatchObject({ kind: "not_reported" });
      expect(await asPlatform.delete({ namespace: "kb-cl-1", name: "demo-control-plane" })).toEqual({ deleted: true });
      await core.createNamespace({ body: { metadata: { name: "kb-unbound", labels: { [CLUSTER_ID_LABEL]: "cl_2" } } } });
      const elsewhere = { ...built.route, metadata: { ...built.route.metadata, namespace: "kb-unbound" } };
      const refused = await asPlatform.apply(elsewhere).then(() => undefined, (err: unknown) => err);
      expect(refused).toBeInstanceOf(KubeApiError);
      expect((refused as KubeApiError).status).toBe(403);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const uninstall = await helm.run(["uninstall", "demo", "-n", ns], cluster.kubeconfigPath);
    expect(uninstall.code, uninstall.stderr).toBe(0);
  });

  it.each(CHARTS)("$mode: every Gateway API object of each variant passes a server-side dry-run create", async (chart) => {
    const ns = `dry-${chart.mode}`;
    await cluster.kubeConfig().makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
    const variants: Values[] = [
      { publicUrl, gatewayAPI: { platform: { enabled: true, hostname, gatewayClassName: "eg" }, controlPlane: { enabled: true, gatewayClassName: "eg", hostname: "*.clusters.example.com" } } },
      { publicUrl, gatewayAPI: { platform: { enabled: true, hostname, parentRef: { name: "public", namespace: "gateway-system", sectionName: "websecure" } } } },
      { publicUrl, gatewayAPI: { platform: { enabled: true, hostname, gatewayClassName: "eg", routeConsole: false, httpRedirect: false } } },
    ];
    let checked = 0;
    for (const values of variants) {
      const result = await helm.template(chart, values, { namespace: ns });
      expect(result.code, result.stderr).toBe(0);
      for (const o of parseManifests(result.stdout).filter((x) => x.apiVersion === "gateway.networking.k8s.io/v1")) {
        const created = await objects.create(o, undefined, "All");
        expect(created.metadata?.name).toBe(o.metadata?.name);
        checked++;
      }
    }
    expect(checked).toBe(7);
  });

  it("the dry-run can fail: the apiserver refuses the platform Gateway with an invalid listener", async () => {
    // Shows the dry-run above can fail: the same Gateway with Passthrough on an HTTPS listener is invalid (CEL).
    const chart = CHARTS[0] as ChartUnderTest;
    const r = parseManifests((await helm.template(chart, allOn, { namespace: "edge-system" })).stdout);
    const gw = r.find((o) => o.kind === "Gateway" && o.metadata?.name === `${fullname}-platform`) as Gateway;
    const broken = structuredClone(gw);
    (broken.spec.listeners[0] as Listener).tls = { mode: "Passthrough", certificateRefs: [{ kind: "Secret", name: "x" }] };
    const refused = await objects.create(broken, undefined, "All").then(() => undefined, (err: unknown) => String((err as { body?: unknown }).body ?? err));
    expect(refused, "the apiserver accepted an HTTPS listener in Passthrough mode").toBeDefined();
    expect(refused).toContain("tls mode must be Terminate for protocol HTTPS");
  });
});
