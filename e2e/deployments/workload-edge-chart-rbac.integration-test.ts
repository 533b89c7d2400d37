import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  DiscoveryV1Api,
  KubernetesObjectApi,
  PatchStrategy,
  RbacAuthorizationV1Api,
  type KubeConfig,
  type KubernetesObject,
} from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCertificate, buildGatewayListenersPatch, sharedCertificateName, WORKLOAD_TLS_FIELD_MANAGER } from "@/server/domain/workload-edge/tls-objects";
import { buildWorkloadEdgeObjects, WORKLOAD_EDGE_COMPONENT, WORKLOAD_EDGE_COMPONENT_LABEL } from "@/server/domain/workload-edge/workload-objects";
import { KubeNodeRoutePlanAccess } from "@/server/infra/kube/node-route-plan-access";
import { KubeRoutePlanStore } from "@/server/infra/kube/route-plan-store";
import { KubeApiError } from "@/server/infra/kube/kube-calls";
import { KubeWorkloadEdgeObjectStore } from "@/server/infra/kube/workload-edge-object-store";
import { CLUSTER_ID_LABEL } from "@/server/services/clusters/control-plane-provisioner";
import { installCertManagerCrds } from "../env/cert-manager-crds";
import { installGatewayApiCrds } from "../env/gateway-api-crds";
import { startKubeCluster, type KubeCluster } from "../env/kube-cluster";
import { serviceAccountKubeconfig } from "../env/platform-rbac";
import { CHARTS, HelmRunner, parseManifests, type ChartUnderTest } from "../env/charts/helm-chart-render";
import { WORKLOAD_GATEWAY_NAMESPACE, ISSUER, workloadValues, type GatewayObject } from "../env/charts/helm-chart-workload";
import { kubectlAs } from "../env/charts/kubectl-as";

/**
 * gatewayAPI.workload installed by the real helm into a kube-apiserver with RBAC, the Gateway API and
 * cert-manager CRDs (the route plan CRD comes with the chart's crds/): the apiserver accepts the Gateway
 * and the route agent DaemonSet; the platform's ServiceAccount can do what the workload edge syncer and
 * the route plan writer do, with the production builders and adapters, and no more; the agent's
 * ServiceAccount can read and watch plans and write their status, and nothing else; a `helm upgrade`
 * that changes the chart's listener drops the platform's HTTPS listeners until the platform applies them
 * again (what NOTES and the runbook say), one that leaves the Gateway as it was keeps them.
 */

const ns = "kubebyon-system";
const release = "demo";
const fullname = `${release}-kubebyon`;
const gatewayName = `${fullname}-workload`;
const agentName = `${fullname}-route-agent`;
const tenantNs = "kb-cl-wl";
const chart = CHARTS[1] as ChartUnderTest;
const values = workloadValues({ mode: "routeagent" });
const ownedSelector = `${WORKLOAD_EDGE_COMPONENT_LABEL}=${WORKLOAD_EDGE_COMPONENT}`;

/** A new binding takes a moment to reach the authorizer's cache: retry a 403 for a few seconds. */
async function waitForRbac<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      const status = err instanceof KubeApiError ? err.status : (err as { code?: number }).code;
      if (status !== 403 || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const apply = (kc: KubeConfig, body: KubernetesObject) =>
  KubernetesObjectApi.makeApiClient(kc).patch(body, undefined, undefined, WORKLOAD_TLS_FIELD_MANAGER, true, PatchStrategy.ServerSideApply);

describe("gatewayAPI.workload installed into a kube-apiserver (RBAC, Gateway API and cert-manager CRDs)", () => {
  let cluster: KubeCluster;
  let helm: HelmRunner;
  let dir: string;
  let platform: KubeConfig;
  let agent: KubeConfig;
  const kubectl = (args: readonly string[], as?: string, input?: string) => kubectlAs({ bin: cluster.tools.kubectl, kubeconfigPath: cluster.kubeconfigPath, args, as, input });
  const readGateway = () =>
    KubernetesObjectApi.makeApiClient(cluster.kubeConfig()).read({ apiVersion: "gateway.networking.k8s.io/v1", kind: "Gateway", metadata: { name: gatewayName, namespace: WORKLOAD_GATEWAY_NAMESPACE } }) as Promise<GatewayObject>;

  beforeAll(async () => {
    cluster = await startKubeCluster();
    await installGatewayApiCrds(cluster.kubeConfig());
    await installCertManagerCrds(cluster.kubeConfig());
    helm = await HelmRunner.create(cluster.tools.helm);
    dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-workload-rbac-"));
    const core = cluster.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: WORKLOAD_GATEWAY_NAMESPACE } } });
    await core.createNamespace({ body: { metadata: { name: tenantNs, labels: { [CLUSTER_ID_LABEL]: "cl_wl" } } } });
  }, 180_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    await helm?.cleanup();
    await cluster?.stop();
  });

  it("helm install creates the workload Gateway as rendered, the route plan CRD and the route agent DaemonSet, and NOTES say what mode and upgrades imply", async () => {
    const install = await helm.run(["install", release, chart.dir, "-n", ns, "--create-namespace", "-f", await helm.valuesFile(values)], cluster.kubeconfigPath);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toContain(`Workload Gateway ${WORKLOAD_GATEWAY_NAMESPACE}/${gatewayName} (listener http, HTTP :80)`);
    expect(install.stdout).toContain("A helm upgrade that changes the chart's listener");
    expect(install.stdout).toContain("the platform re-applies its HTTPS listeners on its next pass");
    expect(install.stdout).toContain(`DaemonSet ${agentName} converges each node's routes`);

    const gw = await readGateway();
    expect(gw.spec.listeners).toEqual([{ name: "http", protocol: "HTTP", port: 80, allowedRoutes: { kinds: [{ group: "gateway.networking.k8s.io", kind: "HTTPRoute" }], namespaces: { from: "All" } } }]);
    const ds = await cluster.kubeConfig().makeApiClient(AppsV1Api).readNamespacedDaemonSet({ name: agentName, namespace: ns });
    const pod = ds.spec?.template.spec;
    expect(pod?.hostNetwork).toBe(true);
    expect(pod?.containers[0]?.securityContext?.capabilities).toEqual({ drop: ["ALL"], add: ["NET_ADMIN"] });
    expect(pod?.containers[0]?.env?.[0]).toEqual({ name: "KUBEBYON_ROUTE_AGENT_NODE_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "spec.nodeName" } } });
    const crds = await kubectl(["get", "crd", "workloadpodcidrnoderouteplans.kubebyon.io", "-o", "name"]);
    expect(crds.stdout.trim()).toBe("customresourcedefinition.apiextensions.k8s.io/workloadpodcidrnoderouteplans.kubebyon.io");

    platform = (await serviceAccountKubeconfig(cluster, { namespace: ns, name: fullname, file: path.join(dir, "platform.kubeconfig") })).kubeConfig;
    agent = (await serviceAccountKubeconfig(cluster, { namespace: ns, name: agentName, file: path.join(dir, "agent.kubeconfig") })).kubeConfig;
  });

  it.each(CHARTS)("$mode: the apiserver accepts the Gateway and the pods of mode local and of TLS off (server-side dry run)", async (each) => {
    let checked = 0;
    for (const variant of [workloadValues({ mode: "local" }), workloadValues({ tls: false })]) {
      const rendered = await helm.template(each, variant, { namespace: ns, release: `dry-${each.mode}` });
      expect(rendered.code, rendered.stderr).toBe(0);
      for (const o of parseManifests(rendered.stdout).filter((x) => ["Gateway", "Deployment", "Role", "RoleBinding"].includes(x.kind ?? ""))) {
        const created = await KubernetesObjectApi.makeApiClient(cluster.kubeConfig()).create(o, undefined, "All");
        expect(created.metadata?.name).toBe(o.metadata?.name);
        if (o.kind === "Deployment" && (created as { spec?: { template?: { spec?: { hostNetwork?: boolean } } } }).spec?.template?.spec?.hostNetwork) checked++;
      }
    }
    expect(checked, "the job-processing Deployment of mode local, with hostNetwork").toBe(1);
  });

  it("lets the platform apply a cluster's HTTPRoute, shim Service and EndpointSlice, find them cluster-wide, patch the Gateway's listeners and apply the Certificate", async () => {
    // What ensure_namespace does: the platform binds the tenant ClusterRole to itself in the cluster namespace.
    await platform.makeApiClient(RbacAuthorizationV1Api).createNamespacedRoleBinding({
      namespace: tenantNs,
      body: { metadata: { name: "kubebyon-platform" }, roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: `${fullname}-tenant` }, subjects: [{ kind: "ServiceAccount", name: fullname, namespace: ns }] },
    });
    const labels = { [CLUSTER_ID_LABEL]: "cl_wl" };
    const objects = buildWorkloadEdgeObjects({
      namespace: tenantNs,
      releaseName: "wl",
      cnameTarget: "wl.apps.example.test",
      bindingHostnames: ["shop.example.org"],
      gateway: { name: gatewayName, namespace: WORKLOAD_GATEWAY_NAMESPACE, sectionName: "http" },
      clusterLabels: labels,
      backend: { addresses: ["10.42.0.15"], port: 80 },
    });
    for (const o of [objects.service, ...objects.endpointSlices, objects.route] as unknown as KubernetesObject[]) {
      expect((await waitForRbac(() => apply(platform, o))).metadata?.name).toBe(o.metadata?.name);
    }

    // listOwned: one list per kind across every namespace, by the syncer's label.
    const found = {
      routes: ((await platform.makeApiClient(CustomObjectsApi).listClusterCustomObject({ group: "gateway.networking.k8s.io", version: "v1", plural: "httproutes", labelSelector: ownedSelector })) as { items: KubernetesObject[] }).items,
      services: (await platform.makeApiClient(CoreV1Api).listServiceForAllNamespaces({ labelSelector: ownedSelector })).items,
      slices: (await platform.makeApiClient(DiscoveryV1Api).listEndpointSliceForAllNamespaces({ labelSelector: ownedSelector })).items,
    };
    expect(Object.values(found).map((items) => items.map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`))).toEqual([[`${tenantNs}/wl-workload`], [`${tenantNs}/wl-workload-ingress`], [expect.stringMatching(new RegExp(`^${tenantNs}/`))]]);

    const certificate = buildCertificate({
      name: sharedCertificateName("cl_wl"),
      namespace: WORKLOAD_GATEWAY_NAMESPACE,
      hostnames: ["wl.apps.example.test", "shop.example.org"],
      issuer: { kind: "ClusterIssuer", name: ISSUER },
      labels: { ...labels, [WORKLOAD_EDGE_COMPONENT_LABEL]: WORKLOAD_EDGE_COMPONENT },
    });
    await waitForRbac(() => apply(platform, certificate as unknown as KubernetesObject));
    const certs = (await platform.makeApiClient(CustomObjectsApi).listClusterCustomObject({ group: "cert-manager.io", version: "v1", plural: "certificates", labelSelector: ownedSelector })) as { items: KubernetesObject[] };
    expect(certs.items.map((c) => c.metadata?.name)).toEqual([certificate.metadata.name]);

    const { patch } = buildGatewayListenersPatch({ gateway: { name: gatewayName, namespace: WORKLOAD_GATEWAY_NAMESPACE }, certificates: [certificate] });
    await waitForRbac(() => apply(platform, patch as unknown as KubernetesObject));
    const gw = await readGateway();
    expect(gw.spec.listeners.map((l) => `${l.name} ${l.protocol} ${l.hostname ?? "-"}`).sort()).toEqual(
      ["http HTTP -", ...patch.spec.listeners.map((l) => `${l.name} HTTPS ${l.hostname}`)].sort(),
    );
    // Each pass reads the controller's verdict back (route status.parents, the Gateway's status.listeners).
    const store = new KubeWorkloadEdgeObjectStore(platform);
    expect(await store.readRouteStatus(tenantNs, "wl-workload")).toMatchObject({ kind: "HTTPRoute", namespace: tenantNs, name: "wl-workload", parents: [] });
    expect(await store.readGatewayStatus(WORKLOAD_GATEWAY_NAMESPACE, gatewayName)).toMatchObject({ name: gatewayName, namespace: WORKLOAD_GATEWAY_NAMESPACE });

    // helm upgrade patches what changed between the old and the new manifest (a three-way merge): with the
    // Gateway unchanged the platform's listeners stay; a change to the chart's listener sends the whole
    // listeners list, which drops them until the platform's next apply brings them back.
    const upgrade = async (extra: Record<string, unknown>) => {
      const run = await helm.run(["upgrade", release, chart.dir, "-n", ns, "-f", await helm.valuesFile(workloadValues({ mode: "routeagent", extra }))], cluster.kubeconfigPath);
      expect(run.code, run.stderr).toBe(0);
      return (await readGateway()).spec.listeners.map((l) => `${l.name} ${l.port}`);
    };
    expect(await upgrade({})).toHaveLength(1 + patch.spec.listeners.length);
    expect(await upgrade({ listener: { name: "http", port: 8080 } })).toEqual(["http 8080"]);
    await apply(platform, patch as unknown as KubernetesObject);
    expect((await readGateway()).spec.listeners.map((l) => `${l.name} ${l.port}`).sort()).toEqual(["http 8080", ...patch.spec.listeners.map((l) => `${l.name} 443`)].sort());
  });

  it("refuses the platform anything beyond: other namespaces, another Gateway, deleting the Gateway", async () => {
    const as = `system:serviceaccount:${ns}:${fullname}`;
    const forbidden = async (args: readonly string[], input?: string) => {
      const result = await kubectl(args, as, input);
      expect(result.code, `${args.join(" ")} must be refused`).not.toBe(0);
      expect(result.stderr).toContain("forbidden");
    };
    await kubectl(["create", "namespace", "kb-unbound"]);
    const route = { apiVersion: "gateway.networking.k8s.io/v1", kind: "HTTPRoute", metadata: { name: "x", namespace: "kb-unbound" }, spec: { parentRefs: [{ name: gatewayName, namespace: WORKLOAD_GATEWAY_NAMESPACE }] } };
    await forbidden(["apply", "--server-side", "-f", "-"], JSON.stringify(route));
    const cert = { apiVersion: "cert-manager.io/v1", kind: "Certificate", metadata: { name: "x", namespace: "default" }, spec: { secretName: "x", dnsNames: ["x.example.test"], issuerRef: { name: ISSUER, kind: "ClusterIssuer" } } };
    await forbidden(["apply", "--server-side", "-f", "-"], JSON.stringify(cert));
    const other = { apiVersion: "gateway.networking.k8s.io/v1", kind: "Gateway", metadata: { name: "other", namespace: WORKLOAD_GATEWAY_NAMESPACE }, spec: { gatewayClassName: "eg", listeners: [{ name: "http", protocol: "HTTP", port: 80 }] } };
    expect((await kubectl(["apply", "--server-side", "-f", "-"], undefined, JSON.stringify(other))).code).toBe(0);
    await forbidden(["-n", WORKLOAD_GATEWAY_NAMESPACE, "patch", "gateway", "other", "--type=merge", "-p", '{"metadata":{"labels":{"x":"y"}}}']);
    await forbidden(["-n", WORKLOAD_GATEWAY_NAMESPACE, "delete", "gateway", gatewayName, "--dry-run=server"]);
    await forbidden(["-n", WORKLOAD_GATEWAY_NAMESPACE, "get", "secrets"]);
    await forbidden(["-n", "kb-unbound", "create", "service", "clusterip", "x", "--tcp=80"]);
  });

  it("lets the platform write route plans and the agent read and watch its plan and write its status; the agent can do nothing else", async () => {
    const store = new KubeRoutePlanStore(platform);
    const routes = [{ destination: "10.244.3.0/24", gateway: "192.0.2.13", clusterId: "cl_wl", nodeName: "joined-1" }];
    await waitForRbac(() => store.apply("node-a", routes));
    expect(await store.listPlans()).toEqual([{ nodeName: "node-a", routes }]);
    expect(await store.listHostNodes()).toEqual(expect.any(Array));

    const access = new KubeNodeRoutePlanAccess(agent, "node-a", { watchTimeoutSeconds: 5 });
    const plan = await waitForRbac(() => access.read());
    expect(plan?.routes).toEqual(routes);
    // The watch replays the plan as its first event: the agent may watch it.
    const stop = new AbortController();
    const first = await access.changes(stop.signal)[Symbol.asyncIterator]().next();
    stop.abort();
    expect(first.value).toEqual({ type: "changed" });
    await access.writeStatus({ type: "Applied", status: "True", reason: "Converged", message: "1 route in place", observedGeneration: plan?.generation ?? 0 });
    expect((await access.read())?.applied).toMatchObject({ status: "True", reason: "Converged", message: "1 route in place" });

    const as = `system:serviceaccount:${ns}:${agentName}`;
    const refused = async (args: readonly string[], input?: string) => {
      const result = await kubectl(args, as, input);
      expect(result.code, `${args.join(" ")} must be refused for the agent`).not.toBe(0);
      expect(result.stderr).toContain("forbidden");
    };
    const planDoc = { apiVersion: "kubebyon.io/v1alpha1", kind: "WorkloadPodCIDRNodeRoutePlan", metadata: { name: "node-b" }, spec: { routes: [] } };
    await refused(["create", "-f", "-"], JSON.stringify(planDoc));
    await refused(["patch", "workloadpodcidrnoderouteplans", "node-a", "--type=merge", "-p", '{"spec":{"routes":[]}}']);
    await refused(["delete", "workloadpodcidrnoderouteplans", "node-a", "--dry-run=server"]);
    await refused(["get", "nodes"]);
    await refused(["get", "secrets", "-A"]);
    await refused(["get", "pods", "-A"]);
    await refused(["-n", ns, "create", "configmap", "x"]);
    expect((await kubectl(["get", "workloadpodcidrnoderouteplans", "-o", "name"], as)).stdout.trim()).toBe("workloadpodcidrnoderouteplan.kubebyon.io/node-a");

    await store.delete("node-a");
    expect(await store.listPlans()).toEqual([]);
  });
});
