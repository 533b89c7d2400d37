import type { V1ClusterRole, V1DaemonSet, V1Deployment, V1Role } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, requireWorkloadEdge } from "@/server/config/env";
import { expectHardenedPlatformPod, platformContainer, podSpec } from "../env/charts/helm-chart-contract";
import { ALL_VERBS, generalRules } from "../env/charts/helm-chart-rbac";
import { CHARTS, HelmRunner, publicUrl, type Rendered, type Values } from "../env/charts/helm-chart-render";
import { configData, fullname, namespace, secretsForParse } from "../env/charts/helm-chart-variants";
import { ISSUER, SELF_MANAGED_ISSUER, WORKLOAD_GATEWAY_NAMESPACE, workloadValues, type GatewayObject } from "../env/charts/helm-chart-workload";
import { allows } from "@/server/domain/platform-health/permissions";
import { ensureKubeTools } from "../env/kube-tools";

/**
 * gatewayAPI.workload in both charts, as the real helm renders and lints it: the workload Gateway with
 * only the chart's HTTP listener, the KUBEBYON_WORKLOAD_* settings (parsed by the platform's own
 * config code), the RBAC of each variant, the job-processing pods of mode local, the route agent
 * DaemonSet of mode routeagent, and what validate.yaml and the schema refuse. The same objects in a
 * real apiserver: workload-edge-chart-rbac.integration-test.ts.
 */

const gatewayName = `${fullname}-workload`;
const agentName = `${fullname}-route-agent`;
const workloadSettings = (r: Rendered) => Object.fromEntries(Object.entries(configData(r)).filter(([k]) => k.startsWith("KUBEBYON_WORKLOAD_")));
const rulesOf = (r: Rendered, kind: "ClusterRole" | "Role", name: string) => r.get<V1ClusterRole | V1Role>(kind, name).rules ?? [];
const deployments = (r: Rendered) => r.ofKind<V1Deployment>("Deployment");

describe.each(CHARTS)("$mode chart: gatewayAPI.workload", (chart) => {
  let helm: HelmRunner;
  const jobComponent = chart.multiNode ? "worker" : "web";
  beforeAll(async () => {
    helm = await HelmRunner.create((await ensureKubeTools()).helm);
  });
  afterAll(async () => helm?.cleanup());

  it("renders nothing of the workload edge by default", async () => {
    const r = await helm.render(chart, { publicUrl });
    expect(r.find("Gateway", gatewayName)).toBeUndefined();
    expect(r.ofKind("DaemonSet")).toEqual([]);
    expect(r.find("Role", `${fullname}-workload-edge`)).toBeUndefined();
    expect(r.find("ServiceAccount", agentName)).toBeUndefined();
    expect(workloadSettings(r)).toEqual({});
    const text = JSON.stringify([rulesOf(r, "ClusterRole", fullname), rulesOf(r, "ClusterRole", `${fullname}-tenant`)]);
    for (const resource of ["httproutes", "certificates", "workloadpodcidrnoderouteplans"]) expect(text).not.toContain(resource);
    for (const d of deployments(r)) expect(podSpec(d).hostNetwork, d.metadata?.name).toBeUndefined();
  });

  it("passes helm lint --strict with the workload edge on: HTTP only, TLS, mode local and mode routeagent", async () => {
    for (const values of [workloadValues({ tls: false }), workloadValues(), workloadValues({ mode: "local" }), workloadValues({ mode: "routeagent" })]) {
      const lint = await helm.run(["lint", "--strict", chart.dir, "-f", await helm.valuesFile(values)]);
      expect(lint.code, `${JSON.stringify(values)}\n${lint.stdout}\n${lint.stderr}`).toBe(0);
      expect(lint.stdout).toContain("0 chart(s) failed");
    }
  });

  it("renders the workload Gateway with only the chart's HTTP listener (HTTPRoutes from all namespaces), with TLS too", async () => {
    for (const tls of [false, true]) {
      const r = await helm.render(chart, workloadValues({ tls }));
      const gw = r.get<GatewayObject>("Gateway", gatewayName);
      expect(gw.metadata?.namespace).toBe(WORKLOAD_GATEWAY_NAMESPACE);
      expect(gw.spec).toEqual({
        gatewayClassName: "eg",
        listeners: [{ name: "http", protocol: "HTTP", port: 80, allowedRoutes: { kinds: [{ group: "gateway.networking.k8s.io", kind: "HTTPRoute" }], namespaces: { from: "All" } } }],
      });
    }
    const named = await helm.render(chart, { publicUrl, gatewayAPI: { workload: { enabled: true, gatewayClassName: "eg", name: "apps", listener: { name: "web", port: 8080 } } } });
    const gw = named.get<GatewayObject>("Gateway", "apps");
    expect(gw.metadata?.namespace, "the release namespace by default").toBe(namespace);
    expect(gw.spec.listeners.map((l) => `${l.name} ${l.protocol} ${l.port}`)).toEqual(["web HTTP 8080"]);
    expect(workloadSettings(named)).toMatchObject({ KUBEBYON_WORKLOAD_GATEWAY_NAME: "apps", KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE: namespace, KUBEBYON_WORKLOAD_GATEWAY_LISTENER: "web" });
  });

  it("sets KUBEBYON_WORKLOAD_* so the platform's config code reads the rendered Gateway, issuers and route mode", async () => {
    const parsed = (values: Values) => helm.render(chart, values).then((r) => requireWorkloadEdge(parseConfig({ ...configData(r), ...secretsForParse })));
    expect(await parsed(workloadValues({ mode: "routeagent", extra: { syncIntervalSeconds: 45, podCIDRRoute: { enabled: true, mode: "routeagent", protocol: 199 } } }))).toEqual({
      enabled: true,
      gateway: { name: gatewayName, namespace: WORKLOAD_GATEWAY_NAMESPACE, listener: "http" },
      syncIntervalSeconds: 45,
      probeTimeoutMs: 1000,
      tls: {
        enabled: true,
        issuer: { kind: "ClusterIssuer", name: ISSUER },
        selfManaged: { enabled: true, issuerOverride: { kind: "Issuer", name: SELF_MANAGED_ISSUER } },
      },
      podCidrRoutes: { mode: "routeagent", protocol: 199 },
    });
    const plain = await parsed({ ...workloadValues({ tls: false }), config: { KUBEBYON_WORKLOAD_PROBE_TIMEOUT_MS: "250" } });
    expect(plain.tls).toEqual({ enabled: false, issuer: { kind: "ClusterIssuer", name: undefined }, selfManaged: { enabled: false, issuerOverride: undefined } });
    expect(plain.podCidrRoutes).toEqual({ mode: "off", protocol: 211 });
    expect(plain.probeTimeoutMs, "the one workload setting left to `config`").toBe(250);
    expect((await parsed(workloadValues({ mode: "local" }))).podCidrRoutes.mode).toBe("local");
  });

  it("grants HTTPRoutes per cluster namespace, list/watch only cluster-wide, and the one Gateway and Certificates in the Gateway's namespace", async () => {
    const r = await helm.render(chart, workloadValues());
    expect(rulesOf(r, "ClusterRole", `${fullname}-tenant`)).toContainEqual({ apiGroups: ["gateway.networking.k8s.io"], resources: ["httproutes"], verbs: ["get", "list", "watch", "create", "patch", "update", "delete"] });
    const wide = generalRules(r.get<V1ClusterRole>("ClusterRole", fullname));
    for (const [group, resource] of [["", "services"], ["discovery.k8s.io", "endpointslices"], ["gateway.networking.k8s.io", "httproutes"], ["cert-manager.io", "certificates"]] as const) {
      expect(ALL_VERBS.filter((v) => allows(wide, group, resource, v)), `cluster-wide verbs on ${resource}`).toEqual(["list", "watch"]);
    }
    expect(ALL_VERBS.filter((v) => allows(wide, "gateway.networking.k8s.io", "gateways", v))).toEqual([]);
    const role = r.get<V1Role>("Role", `${fullname}-workload-edge`);
    expect(role.metadata?.namespace).toBe(WORKLOAD_GATEWAY_NAMESPACE);
    expect(role.rules).toEqual([
      { apiGroups: ["gateway.networking.k8s.io"], resources: ["gateways"], resourceNames: [gatewayName], verbs: ["get", "patch"] },
      { apiGroups: ["cert-manager.io"], resources: ["certificates"], verbs: ["get", "list", "watch", "create", "patch", "update", "delete"] },
    ]);
    const binding = r.get<{ roleRef: { kind: string; name: string }; subjects: unknown[] } & GatewayObject>("RoleBinding", `${fullname}-workload-edge`);
    expect(binding.metadata?.namespace).toBe(WORKLOAD_GATEWAY_NAMESPACE);
    expect(binding.roleRef).toMatchObject({ kind: "Role", name: `${fullname}-workload-edge` });
    expect(binding.subjects).toEqual([{ kind: "ServiceAccount", name: fullname, namespace }]);
    // No route agent and no plans without mode routeagent.
    expect(JSON.stringify(r.get<V1ClusterRole>("ClusterRole", fullname).rules)).not.toContain("workloadpodcidrnoderouteplans");
    expect(r.find("ClusterRole", agentName)).toBeUndefined();
  });

  it("mode local: the job-processing pods run on the node's network as uid 0 with NET_ADMIN only; other pods keep the hardened contract", async () => {
    const r = await helm.render(chart, workloadValues({ mode: "local" }));
    expect(r.ofKind("DaemonSet")).toEqual([]);
    const jobs = r.get<V1Deployment>("Deployment", `${fullname}-${jobComponent}`);
    expect(podSpec(jobs).hostNetwork).toBe(true);
    expect(podSpec(jobs).dnsPolicy, "Service names (PostgreSQL, RabbitMQ) still resolve").toBe("ClusterFirstWithHostNet");
    expect(platformContainer(jobs).securityContext).toEqual({
      runAsUser: 0,
      runAsGroup: 0,
      runAsNonRoot: false,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"], add: ["NET_ADMIN"] },
    });
    if (chart.multiNode) expectHardenedPlatformPod(r.get<V1Deployment>("Deployment", `${fullname}-web`), fullname, "web");
    expect(r.get<V1ClusterRole>("ClusterRole", fullname).rules?.some((rule) => rule.resources?.includes("workloadpodcidrnoderouteplans"))).toBe(false);
  });

  it("mode routeagent: a DaemonSet on the node's network with NET_ADMIN and the node name from the downward API; the platform pods stay hardened", async () => {
    const r = await helm.render(chart, { ...workloadValues({ mode: "routeagent" }), image: { repository: "registry.example.com/kb", tag: "1.2.3" }, config: { KUBEBYON_LOG_LEVEL: "debug" } });
    const ds = r.get<V1DaemonSet>("DaemonSet", agentName);
    const spec = ds.spec?.template.spec;
    expect(spec?.hostNetwork).toBe(true);
    expect(spec?.serviceAccountName).toBe(agentName);
    expect(spec?.tolerations, "every node, tainted ones included").toEqual([{ operator: "Exists" }]);
    const [container, ...others] = spec?.containers ?? [];
    expect(others).toEqual([]);
    expect(container?.image).toBe("registry.example.com/kb/kubebyon-route-agent:1.2.3");
    expect(container?.command).toEqual(["node", "node_modules/tsx/dist/cli.mjs", "route-agent/main.ts"]);
    expect(container?.securityContext).toEqual({
      runAsUser: 0,
      runAsGroup: 0,
      runAsNonRoot: false,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"], add: ["NET_ADMIN"] },
    });
    expect(container?.env).toEqual([
      { name: "KUBEBYON_ROUTE_AGENT_NODE_NAME", valueFrom: { fieldRef: { fieldPath: "spec.nodeName" } } },
      { name: "KUBEBYON_WORKLOAD_PODCIDR_ROUTE_PROTO", value: "211" },
      { name: "KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS", value: "30" },
      { name: "KUBEBYON_LOG_LEVEL", value: "debug" },
    ]);
    for (const d of deployments(r)) expectHardenedPlatformPod(d, fullname, d.metadata?.name?.endsWith("-web") ? "web" : "worker");

    expect(r.get<V1ClusterRole>("ClusterRole", agentName).rules).toEqual([
      { apiGroups: ["kubebyon.io"], resources: ["workloadpodcidrnoderouteplans"], verbs: ["get", "list", "watch"] },
      { apiGroups: ["kubebyon.io"], resources: ["workloadpodcidrnoderouteplans/status"], verbs: ["get", "patch", "update"] },
    ]);
    const binding = r.get<{ roleRef: { name: string }; subjects: unknown[] } & GatewayObject>("ClusterRoleBinding", agentName);
    expect(binding.roleRef.name).toBe(agentName);
    expect(binding.subjects).toEqual([{ kind: "ServiceAccount", name: agentName, namespace }]);
    expect(rulesOf(r, "ClusterRole", fullname)).toContainEqual({ apiGroups: ["kubebyon.io"], resources: ["workloadpodcidrnoderouteplans"], verbs: ["get", "list", "watch", "create", "patch", "update", "delete"] });

    const own = await helm.render(chart, workloadValues({ mode: "routeagent", extra: { routeAgent: { image: { repository: "ghcr.io/x", tag: "9", pullPolicy: "Always" }, resyncSeconds: 15, tolerations: [], nodeSelector: { "kubebyon.io/edge": "route" } } } }));
    const ownSpec = own.get<V1DaemonSet>("DaemonSet", agentName).spec?.template.spec;
    expect(ownSpec?.containers[0]).toMatchObject({ image: "ghcr.io/x/kubebyon-route-agent:9", imagePullPolicy: "Always" });
    expect(ownSpec?.containers[0]?.env?.find((e) => e.name === "KUBEBYON_ROUTE_AGENT_RESYNC_SECONDS")?.value).toBe("15");
    expect(ownSpec?.tolerations).toBeUndefined();
    expect(ownSpec?.nodeSelector).toEqual({ "kubebyon.io/edge": "route" });
  });

  it("stops with a message naming the value to set on contradictory workload values", async () => {
    const cases: Array<[Values, string]> = [
      [{ gatewayAPI: { workload: { enabled: true, gatewayClassName: "eg", tls: { enabled: true } } } }, "gatewayAPI.workload.tls.enabled is true but gatewayAPI.workload.tls.issuer.name is empty"],
      [{ gatewayAPI: { workload: { enabled: true, gatewayClassName: "eg", tls: { selfManaged: { enabled: true } } } } }, "set gatewayAPI.workload.tls.enabled=true"],
      [{ gatewayAPI: { workload: { tls: { enabled: true, issuer: { name: ISSUER } } } } }, "gatewayAPI.workload.tls.enabled is true but gatewayAPI.workload.enabled is false"],
      [{ gatewayAPI: { workload: { podCIDRRoute: { enabled: true } } } }, "gatewayAPI.workload.podCIDRRoute.enabled is true but gatewayAPI.workload.enabled is false"],
    ];
    for (const [values, message] of cases) {
      const result = await helm.template(chart, { publicUrl, ...values });
      expect(result.code, JSON.stringify(values)).not.toBe(0);
      expect(result.stderr).toContain(message);
    }
    const issuerMissing = await helm.template(chart, { publicUrl, gatewayAPI: { workload: { enabled: true, gatewayClassName: "eg", tls: { enabled: true } } } });
    expect(issuerMissing.stderr, "the message says what to set").toContain("--set gatewayAPI.workload.tls.issuer.name=");
  });

  it.each([
    ["enabled without gatewayClassName", { enabled: true }, "/gatewayAPI/workload/gatewayClassName"],
    ["an unknown route mode", { enabled: true, gatewayClassName: "eg", podCIDRRoute: { enabled: true, mode: "bgp" } }, "/gatewayAPI/workload/podCIDRRoute/mode"],
    ["a kernel route protocol", { enabled: true, gatewayClassName: "eg", podCIDRRoute: { protocol: 4 } }, "/gatewayAPI/workload/podCIDRRoute/protocol"],
    ["an unknown issuer kind", { enabled: true, gatewayClassName: "eg", tls: { issuer: { kind: "Vault", name: "v" } } }, "/gatewayAPI/workload/tls/issuer/kind"],
    ["a sync interval under 5 s", { enabled: true, gatewayClassName: "eg", syncIntervalSeconds: 1 }, "/gatewayAPI/workload/syncIntervalSeconds"],
    ["an unknown workload value", { enabled: true, gatewayClassName: "eg", listeners: [] }, "'listeners'"],
  ] as const)("the schema refuses %s and names the value", async (_what, workload, named) => {
    const result = await helm.template(chart, { publicUrl, gatewayAPI: { workload } });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(named);
  });
});
