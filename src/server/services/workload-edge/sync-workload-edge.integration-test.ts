import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { promisify } from "node:util";
import { AppsV1Api, CoreV1Api, CustomObjectsApi, DiscoveryV1Api, KubernetesObjectApi, PatchStrategy, setHeaderOptions, type KubeConfig, type KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCertManagerCrds } from "@e2e/env/cert-manager-crds";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { waitFor } from "@e2e/env/wait-for";
import { newId } from "@/server/domain/ids";
import { MANAGED_INGRESS_PROFILE } from "@/server/domain/managed-ingress/controller-profile";
import type { WorkloadEdgeSettings } from "@/server/domain/workload-edge/edge-plan";
import { dedicatedCertificateName, httpsListenerName, sharedCertificateName } from "@/server/domain/workload-edge/tls-objects";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import { KubeManagedIngressControllerReader } from "@/server/infra/kube/managed-ingress-controller-reader";
import { VclusterKubeconfigResolver } from "@/server/infra/kube/vcluster-kubeconfig-resolver";
import { KubeWorkloadEdgeObjectStore } from "@/server/infra/kube/workload-edge-object-store";
import { TcpConnectProbe } from "@/server/infra/net/tcp-connect-probe";
import { createLogger } from "@/server/observability/logger";
import { syncWorkloadEdge, type WorkloadEdgeSyncDeps } from "./sync-workload-edge";

// The syncer end to end on real parts: PostgreSQL rows, a host kube-apiserver with the pinned Gateway API and
// cert-manager CRDs (their validation is what a real host enforces), two stand-in vClusters reached through
// the production resolver, each holding the managed ingress controller's Deployment, Service, Pod and Nodes
// (statuses posted by the test, as kubelets would), and TCP connects from this process to the pod IPs.
// The apiserver refuses loopback EndpointSlice addresses, so the pod IPs live on a veth pair the test creates
// (needs root): its host end holds the "listening" pod IP (this process serves HTTP there); the peer sits DOWN
// in a test network namespace, so the "silent" pod IP behind it never answers. Nothing leaves that veth.
// No Gateway controller runs here: the test writes what one would (route status.parents, the Gateway's
// status.listeners) through the status subresource, and the pass must read it back before it says `ready`.
const GW = { name: "kubebyon-workload", namespace: "kubebyon-system", sectionName: "http" };
const ISSUER = { kind: "ClusterIssuer", name: "letsencrypt" } as const;
const OVERRIDE = { kind: "Issuer", name: "customer-dns01" } as const;
const TLS_OFF: WorkloadEdgeSettings["tls"] = { enabled: false, issuer: ISSUER, selfManaged: { enabled: false, issuerOverride: undefined } };
const run = promisify(execFile);
const ip = (...args: string[]) => run("ip", args).then((r) => r.stdout);
const suffix = randomBytes(3).toString("hex");
const netns = `kb-we-${suffix}`;
const hostEnd = `kbw${suffix}`;
// A /29 of 10.254.0.0/16 picked at random; checked free below.
const base = `10.254.${randomBytes(1)[0]!}.${8 * (randomBytes(1)[0]! % 32)}`;
const at = (n: number) => base.replace(/\d+$/, (o) => String(Number(o) + n));
const LISTENING_POD_IP = at(1); // this process serves HTTP here on port 80
const SILENT_POD_IP = at(2); // behind the DOWN peer: the connect times out
const NODE_IP = at(3); // on the host end too: this process plays the node's NodePort there, or leaves it refusing
const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

let database: TestDatabase;
let db: Db;
let kube: KubeCluster;
let server: http.Server;
let nodePortServer: http.Server | undefined;
let deps: WorkloadEdgeSyncDeps;
let a: ReadyCluster;
let b: ReadyCluster;
let bNodePort: number;
const target = (c: ReadyCluster) => `${c.vclusterName}.apps.example.test`;

/** Plays the managed ingress controller inside a vCluster: what the profile's chart and a kubelet would leave there. */
async function playController(kc: KubeConfig, podIp: string): Promise<number> {
  const core = kc.makeApiClient(CoreV1Api);
  const ns = MANAGED_INGRESS_PROFILE.namespace;
  const labels = { "app.kubernetes.io/name": "ingress-nginx", "app.kubernetes.io/component": "controller" };
  await core.createNamespace({ body: { metadata: { name: ns } } });
  // The ServiceAccount admission plugin needs it; a controller manager would create it.
  await core.createNamespacedServiceAccount({ namespace: ns, body: { metadata: { name: "default" } } });
  await kc.makeApiClient(AppsV1Api).createNamespacedDeployment({
    namespace: ns,
    body: {
      metadata: { name: MANAGED_INGRESS_PROFILE.readiness.deployment },
      spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: "controller", image: "registry.invalid/ingress-nginx:1" }] } } },
    },
  });
  const service = await core.createNamespacedService({
    namespace: ns,
    body: { metadata: { name: MANAGED_INGRESS_PROFILE.readiness.service.name }, spec: { type: "NodePort", selector: labels, ports: [{ name: "http", port: 80, targetPort: 80 }, { name: "https", port: 443, targetPort: 443 }] } },
  });
  await core.createNode({ body: { metadata: { name: "joined-1" } } });
  const now = new Date();
  await core.patchNodeStatus({ name: "joined-1", body: { status: { addresses: [{ type: "InternalIP", address: NODE_IP }], conditions: [{ type: "Ready", status: "True", reason: "KubeletReady", lastHeartbeatTime: now, lastTransitionTime: now }] } } }, mergePatch);
  await core.createNamespacedPod({ namespace: ns, body: { metadata: { name: "controller-1", labels }, spec: { nodeName: "joined-1", containers: [{ name: "controller", image: "registry.invalid/ingress-nginx:1" }] } } });
  await core.patchNamespacedPodStatus(
    { name: "controller-1", namespace: ns, body: { status: { phase: "Running", podIP: podIp, podIPs: [{ ip: podIp }], conditions: [{ type: "Ready", status: "True", lastTransitionTime: now }] } } },
    mergePatch,
  );
  const nodePort = service.spec?.ports?.find((p) => p.name === "http")?.nodePort;
  if (!nodePort) throw new Error("the controller Service got no http NodePort");
  return nodePort;
}

async function enableIngress(c: ReadyCluster): Promise<void> {
  await db.cluster.update({ where: { id: c.clusterId }, data: { managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "ready", managedWorkloadIngressCnameTarget: target(c) } });
}

const bind = (c: ReadyCluster, hostname: string, scope: "platform_managed" | "self_managed" = "platform_managed") =>
  db.hostnameBinding.create({ data: { id: newId("hb"), clusterId: c.clusterId, hostname, dnsManagementScope: scope } });

const custom = () => kube.kubeConfig().makeApiClient(CustomObjectsApi);
const routes = async (namespace: string) =>
  ((await custom().listNamespacedCustomObject({ group: "gateway.networking.k8s.io", version: "v1", namespace, plural: "httproutes" })) as { items: Array<{ metadata: { name: string }; spec: { hostnames: string[]; parentRefs: Array<{ sectionName: string }>; rules: Array<{ filters?: unknown[] }> } }> }).items;
const routeNames = async (namespace: string) => (await routes(namespace)).map((r) => r.metadata.name).sort();
const certificates = async () =>
  ((await custom().listNamespacedCustomObject({ group: "cert-manager.io", version: "v1", namespace: GW.namespace, plural: "certificates" })) as { items: Array<{ metadata: { name: string; labels: Record<string, string> }; spec: { dnsNames: string[]; issuerRef: { kind: string; name: string } } }> }).items;
const gateway = async () =>
  (await custom().getNamespacedCustomObject({ group: "gateway.networking.k8s.io", version: "v1", namespace: GW.namespace, plural: "gateways", name: GW.name })) as { spec: { listeners: Array<{ name: string; hostname?: string }> }; metadata: { managedFields: Array<{ manager: string; fieldsV1: unknown }> } };
const slices = async (c: ReadyCluster) =>
  (await kube.kubeConfig().makeApiClient(DiscoveryV1Api).listNamespacedEndpointSlice({ namespace: c.namespace, labelSelector: `kubernetes.io/service-name=${c.vclusterName}-workload-ingress` })).items.map((s) => ({
    addresses: (s.endpoints ?? []).map((e) => e.addresses[0]),
    port: s.ports?.[0]?.port,
  }));
/** resourceVersion of every object the syncer owns, by kind/namespace/name. */
async function ownedVersions(): Promise<Record<string, string>> {
  const api = KubernetesObjectApi.makeApiClient(kube.kubeConfig());
  const out: Record<string, string> = {};
  for (const [apiVersion, kind] of [["gateway.networking.k8s.io/v1", "HTTPRoute"], ["v1", "Service"], ["discovery.k8s.io/v1", "EndpointSlice"], ["cert-manager.io/v1", "Certificate"]] as const) {
    const list = await api.list<KubernetesObject>(apiVersion, kind, undefined, undefined, undefined, undefined, undefined, "kubebyon.io/component=workload-edge");
    for (const o of list.items) out[`${kind}/${o.metadata?.namespace}/${o.metadata?.name}`] = o.metadata?.resourceVersion ?? "";
  }
  return out;
}
const sync = (tls: WorkloadEdgeSettings["tls"] = TLS_OFF) => syncWorkloadEdge({ ...deps, settings: { gateway: GW, tls } });
const clusterRow = (c: ReadyCluster) => db.cluster.findUniqueOrThrow({ where: { id: c.clusterId }, include: { hostnameBindings: { orderBy: { hostname: "asc" } } } });

const T = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");
const condition = (type: string, status: "True" | "False", reason: string, message: string, observedGeneration: number) => ({ type, status, reason, message, observedGeneration, lastTransitionTime: T() });
type RouteObject = { metadata: { name: string; namespace: string; generation: number }; spec: { parentRefs: Array<{ name: string; namespace: string; sectionName: string }> } };
const routeApi = { group: "gateway.networking.k8s.io", version: "v1", plural: "httproutes" };

/** What a conformant controller writes on a route it takes (or, with `accepted: "False"`, refuses): one status.parents entry per parentRef. */
async function writeRouteStatus(route: RouteObject, accepted: "True" | "False" = "True"): Promise<void> {
  const g = route.metadata.generation;
  const parents = route.spec.parentRefs.map((ref) => ({
    parentRef: { group: "gateway.networking.k8s.io", kind: "Gateway", ...ref },
    controllerName: "example.test/gateway-controller",
    conditions:
      accepted === "True"
        ? [condition("Accepted", "True", "Accepted", "Route is accepted", g), condition("ResolvedRefs", "True", "ResolvedRefs", "Resolved all the Object references for the Route", g)]
        : [condition("Accepted", "False", "NotAllowedByListeners", "No listeners included by this parent ref allowed this attachment.", g), condition("ResolvedRefs", "True", "ResolvedRefs", "Resolved all the Object references for the Route", g)],
  }));
  await custom().patchNamespacedCustomObjectStatus({ ...routeApi, namespace: route.metadata.namespace, name: route.metadata.name, body: { status: { parents } } }, mergePatch);
}

/** The Gateway's status.listeners as a controller writes them; `programmed: false` leaves Programmed out. */
async function writeGatewayStatus(programmed = true): Promise<void> {
  const gw = (await custom().getNamespacedCustomObject({ group: "gateway.networking.k8s.io", version: "v1", namespace: GW.namespace, plural: "gateways", name: GW.name })) as { metadata: { generation: number }; spec: { listeners: Array<{ name: string }> } };
  const g = gw.metadata.generation;
  const listeners = gw.spec.listeners.map((l) => ({
    name: l.name,
    attachedRoutes: 1,
    supportedKinds: [{ group: "gateway.networking.k8s.io", kind: "HTTPRoute" }],
    conditions: [condition("Accepted", "True", "Accepted", "Listener has been successfully translated", g), ...(programmed ? [condition("Programmed", "True", "Programmed", "Sending translated listener configuration to the data plane", g)] : [])],
  }));
  await custom().patchNamespacedCustomObjectStatus({ group: "gateway.networking.k8s.io", version: "v1", namespace: GW.namespace, plural: "gateways", name: GW.name, body: { status: { listeners } } }, mergePatch);
}

/** Plays the Gateway controller once: every owned route accepted for its current spec, every listener programmed. */
async function controllerAccepts(): Promise<void> {
  const list = (await custom().listClusterCustomObject({ ...routeApi, labelSelector: "kubebyon.io/component=workload-edge" })) as { items: RouteObject[] };
  for (const route of list.items) await writeRouteStatus(route);
  await writeGatewayStatus();
}

async function serveNodePort(): Promise<void> {
  nodePortServer = http.createServer((_req, res) => res.end("node"));
  const s = nodePortServer;
  await new Promise<void>((resolve, reject) => s.once("error", reject).listen(bNodePort, NODE_IP, resolve));
}

beforeAll(async () => {
  expect((await ip("-4", "route", "show", "match", `${base}/29`)).split("\n").every((l) => l.startsWith("default") || l.trim() === "")).toBe(true);
  await ip("netns", "add", netns);
  await ip("link", "add", hostEnd, "type", "veth", "peer", "name", `kbx${suffix}`, "netns", netns);
  await ip("addr", "add", `${LISTENING_POD_IP}/29`, "dev", hostEnd);
  await ip("addr", "add", `${NODE_IP}/29`, "dev", hostEnd);
  await ip("link", "set", hostEnd, "up");
  database = await createTestDatabase("workload_edge_sync");
  db = createPrismaClient(database.url);
  kube = await startKubeCluster();
  const hostKc = kube.kubeConfig();
  await installGatewayApiCrds(hostKc);
  await installCertManagerCrds(hostKc);
  await hostKc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: GW.namespace } } });
  // The chart's Gateway with its http listener, applied by helm's field manager before the platform touches it.
  const chartGateway = { apiVersion: "gateway.networking.k8s.io/v1", kind: "Gateway", metadata: { name: GW.name, namespace: GW.namespace }, spec: { gatewayClassName: "eg", listeners: [{ name: "http", protocol: "HTTP", port: 80, allowedRoutes: { namespaces: { from: "All" } } }] } };
  await KubernetesObjectApi.makeApiClient(hostKc).patch(chartGateway, undefined, undefined, "helm", true, PatchStrategy.ServerSideApply);

  const ownerId = newId("usr");
  await db.user.create({ data: { id: ownerId, email: `${ownerId}@example.test`, name: "edge" } });
  a = await provisionReadyCluster({ kube, db, ownerId, name: "wea" });
  b = await provisionReadyCluster({ kube, db, ownerId, name: "web" });
  await playController(a.vc.kubeConfig(), LISTENING_POD_IP);
  bNodePort = await playController(b.vc.kubeConfig(), SILENT_POD_IP);
  for (const c of [a, b]) await enableIngress(c);

  // A CRD just Established may still answer 429 "storage is (re)initializing" for a while.
  await waitFor("the owned kinds to be listable", () => new KubeWorkloadEdgeObjectStore(hostKc).listOwned().then(() => true, () => false), (ok) => ok, 30_000);
  server = http.createServer((_req, res) => res.end("controller"));
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(80, LISTENING_POD_IP, resolve));
  await serveNodePort();
  deps = {
    db,
    log: createLogger({ level: "error" }),
    now: () => new Date(),
    resolver: new VclusterKubeconfigResolver({ kubeConfig: hostKc, route: "cluster-ip" }),
    controllers: new KubeManagedIngressControllerReader(),
    probe: new TcpConnectProbe({ timeoutMs: 500 }),
    store: new KubeWorkloadEdgeObjectStore(hostKc),
    settings: { gateway: GW, tls: TLS_OFF },
    passLock: new PgSessionLock({ connectionString: database.url, key: sessionLocks.workloadEdgeSync, applicationName: "workload edge test", waitTimeoutMs: 30_000 }),
  };
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await new Promise((resolve) => (nodePortServer?.listening ? nodePortServer.close(resolve) : resolve(undefined)));
  for (const c of [a, b]) await c?.close().catch(() => undefined);
  await kube?.stop();
  await db?.$disconnect();
  await database?.drop();
  await ip("link", "del", hostEnd).catch(() => undefined);
  await ip("netns", "del", netns).catch(() => undefined);
});

describe("syncWorkloadEdge against a real host apiserver, stand-in vClusters and PostgreSQL", () => {
  it("routes each cluster to its controller: PodIP:80 when the pod answers, else the joined node's InternalIP:NodePort; a second pass changes nothing", async () => {
    await bind(a, "shop.apps.example.test");
    const first = await sync();
    expect(first).toMatchObject({ served: 2, kept: 0 });
    expect(await slices(a)).toEqual([{ addresses: [LISTENING_POD_IP], port: 80 }]);
    expect(await slices(b)).toEqual([{ addresses: [NODE_IP], port: bNodePort }]);
    expect((await routes(a.namespace)).map((r) => [r.metadata.name, r.spec.hostnames])).toEqual([["wea-workload", [target(a), "shop.apps.example.test"]]]);

    // Applied, but no controller has said a word yet: not ready, and the message says where to look.
    const applied = await clusterRow(a);
    expect(applied).toMatchObject({ workloadEdgeStatus: "pending", workloadEdgeBackend: "pod_ip" });
    expect(applied.workloadEdgeMessage).toBe(
      `HTTP via pod IPs ${LISTENING_POD_IP} port 80 for 2 hostnames. No Gateway controller has accepted HTTPRoute ${a.namespace}/wea-workload on listener http yet (status.parents is empty); check that a controller for GatewayClass eg runs: kubectl -n ${a.namespace} get httproute wea-workload -o yaml`,
    );
    expect(applied.workloadEdgeCheckedAt).not.toBeNull();

    await controllerAccepts();
    await sync();
    const rowA = await clusterRow(a);
    expect(rowA).toMatchObject({ workloadEdgeStatus: "ready", workloadEdgeBackend: "pod_ip", workloadEdgeMessage: `HTTP via pod IPs ${LISTENING_POD_IP} port 80 for 2 hostnames.` });
    expect(rowA.workloadEdgeLastSyncedAt).not.toBeNull();
    expect(rowA.hostnameBindings[0]).toMatchObject({ workloadEdgeStatus: "ready", workloadEdgeMessage: expect.stringContaining("Served over HTTP via pod IPs") as string });
    expect(await clusterRow(b)).toMatchObject({ workloadEdgeStatus: "ready", workloadEdgeBackend: "node_port" });

    const before = await ownedVersions();
    const { updatedAt, workloadEdgeCheckedAt } = rowA;
    const again = await sync();
    expect(again).toMatchObject({ served: 2, deleted: 0, changes: [] });
    expect(await ownedVersions()).toEqual(before);
    // Each pass says when it looked; the cluster itself did not change.
    const after = await clusterRow(a);
    expect(after.updatedAt).toEqual(updatedAt);
    expect(after.workloadEdgeCheckedAt!.getTime()).toBeGreaterThan(workloadEdgeCheckedAt!.getTime());
  });

  it("is not ready when the controller refused the route (Accepted=False), and says why", async () => {
    const [route] = (await routes(a.namespace)) as unknown as RouteObject[];
    await writeRouteStatus(route!, "False");
    await sync();
    const row = await clusterRow(a);
    expect(row.workloadEdgeStatus).toBe("error");
    expect(row.workloadEdgeLastError).toBe(row.workloadEdgeMessage);
    expect(row.workloadEdgeMessage).toContain(
      `The Gateway controller did not accept HTTPRoute ${a.namespace}/wea-workload (Accepted=False, NotAllowedByListeners: No listeners included by this parent ref allowed this attachment.): kubectl -n ${a.namespace} get httproute wea-workload -o yaml`,
    );
    await writeRouteStatus(route!);
    await sync();
    expect(await clusterRow(a)).toMatchObject({ workloadEdgeStatus: "ready" });
  });

  it("is not ready while the Gateway's listener is not Programmed", async () => {
    await writeGatewayStatus(false);
    await sync();
    for (const c of [a, b]) {
      const row = await clusterRow(c);
      expect(row.workloadEdgeStatus).toBe("pending");
      expect(row.workloadEdgeMessage).toContain(`no controller reports listener http of Gateway ${GW.namespace}/${GW.name} as Programmed yet (GatewayClass eg)`);
    }
    await writeGatewayStatus();
    await sync();
    expect(await clusterRow(a)).toMatchObject({ workloadEdgeStatus: "ready" });
  });

  it("names a NodePort fallback address that refuses connections", async () => {
    await new Promise((resolve) => nodePortServer!.close(resolve));
    await sync();
    const row = await clusterRow(b);
    expect(row).toMatchObject({ workloadEdgeStatus: "error", workloadEdgeBackend: "node_port" });
    expect(row.workloadEdgeMessage).toContain(`NodePort address ${NODE_IP}:${bNodePort} did not accept a TCP connection from the platform`);
    // The endpoint stays: the probe is a proxy for the Gateway's data plane, and it is the only node.
    expect(await slices(b)).toEqual([{ addresses: [NODE_IP], port: bNodePort }]);
    await serveNodePort();
    await sync();
    expect(await clusterRow(b)).toMatchObject({ workloadEdgeStatus: "ready" });
  });

  it("converges bindings added and removed, splitting more than 16 hostnames into routes the apiserver accepts", async () => {
    const many = await Promise.all(Array.from({ length: 16 }, (_, i) => bind(a, `h${String(i).padStart(2, "0")}.apps.example.test`)));
    await sync();
    expect((await routes(a.namespace)).map((r) => [r.metadata.name, r.spec.hostnames.length])).toEqual([["wea-workload", 16], ["wea-workload-2", 2]]);
    await db.hostnameBinding.deleteMany({ where: { id: { in: many.map((m) => m.id) } } });
    const result = await sync();
    expect(result.deleted).toBe(1);
    expect(await routeNames(a.namespace)).toEqual(["wea-workload"]);
  });

  it("with TLS: a shared Certificate and listeners beside helm's http listener, dedicated ones for self-managed hostnames, redirect only once Ready", async () => {
    await bind(a, "www.customer.org", "self_managed");
    const tls = { enabled: true, issuer: ISSUER, selfManaged: { enabled: true, issuerOverride: OVERRIDE } };
    await sync(tls);
    const shared = sharedCertificateName(a.clusterId);
    const dedicated = dedicatedCertificateName("www.customer.org");
    const certs = await certificates();
    expect(certs.map((c) => [c.metadata.name, c.spec.dnsNames, c.spec.issuerRef.kind, c.spec.issuerRef.name]).sort()).toEqual(
      [
        [sharedCertificateName(b.clusterId), [target(b)], "ClusterIssuer", "letsencrypt"],
        [shared, ["shop.apps.example.test", target(a)].sort(), "ClusterIssuer", "letsencrypt"],
        [dedicated, ["www.customer.org"], "Issuer", "customer-dns01"],
      ].sort(),
    );
    expect(certs.every((c) => c.metadata.labels["kubebyon.io/cluster-id"])).toBe(true);
    const gw = await gateway();
    expect(gw.spec.listeners.map((l) => l.name).sort()).toEqual(["http", ...[target(a), "shop.apps.example.test", "www.customer.org", target(b)].map(httpsListenerName)].sort());
    expect(JSON.stringify(gw.metadata.managedFields.find((m) => m.manager === "helm")?.fieldsV1)).toContain('k:{\\"name\\":\\"http\\"}');
    expect(await routeNames(a.namespace)).toEqual(["wea-workload", `wea-workload-host-${dedicated.slice("kubebyon-workload-host-".length)}`, "wea-workload-https"]);
    const host = (await routes(a.namespace)).find((r) => r.spec.hostnames.includes("www.customer.org") && r.spec.parentRefs[0]?.sectionName !== "http");
    expect(host?.spec.rules[0]?.filters).toEqual([{ type: "URLRewrite", urlRewrite: { hostname: target(a) } }]);
    expect(await clusterRow(a)).toMatchObject({ workloadEdgeStatus: "pending", workloadEdgeMessage: expect.stringContaining(`HTTPS for 0 of 3 hostnames (certificate ${shared} not issued yet`) as string });

    // cert-manager reports the shared Certificate Ready: its hostnames move to HTTPS, HTTP redirects to it.
    await custom().patchNamespacedCustomObjectStatus(
      { group: "cert-manager.io", version: "v1", namespace: GW.namespace, plural: "certificates", name: shared, body: { status: { conditions: [{ type: "Ready", status: "True", reason: "Ready", message: "Certificate is up to date and has not expired" }] } } },
      mergePatch,
    );
    await sync(tls);
    // The redirect route is new: the controller has to take it (and the HTTPS listeners) before the edge is ready.
    await controllerAccepts();
    await sync(tls);
    const byName = Object.fromEntries((await routes(a.namespace)).map((r) => [r.metadata.name, r.spec]));
    expect(byName["wea-workload-redirect"]?.hostnames).toEqual([target(a), "shop.apps.example.test"]);
    expect(byName["wea-workload-redirect"]?.rules).toMatchObject([{ filters: [{ type: "RequestRedirect", requestRedirect: { scheme: "https", statusCode: 301 } }] }]);
    expect(byName["wea-workload-redirect"]?.rules[0]).not.toHaveProperty("backendRefs");
    expect(byName["wea-workload"]?.hostnames).toEqual(["www.customer.org"]);
    expect(await clusterRow(a)).toMatchObject({ workloadEdgeStatus: "ready" });

    // Without an override the dedicated Certificate uses the workload default issuer.
    await sync({ ...tls, selfManaged: { enabled: true, issuerOverride: undefined } });
    expect((await certificates()).find((c) => c.metadata.name === dedicated)?.spec.issuerRef).toMatchObject({ kind: "ClusterIssuer", name: "letsencrypt" });
  });

  it("with TLS off again, the platform's listeners, Certificates, HTTPS and redirect routes go; helm's http listener stays", async () => {
    await sync();
    expect((await gateway()).spec.listeners.map((l) => l.name)).toEqual(["http"]);
    expect(await certificates()).toEqual([]);
    expect(await routeNames(a.namespace)).toEqual(["wea-workload"]);
    expect((await routes(a.namespace))[0]?.spec.hostnames).toEqual([target(a), "shop.apps.example.test", "www.customer.org"]);
  });

  it("a Gateway that does not exist fails the pass with what to check, marks the served clusters error and withdraws nothing", async () => {
    const before = await ownedVersions();
    const missing = { ...GW, name: "no-such-gateway" };
    const error = await syncWorkloadEdge({ ...deps, settings: { gateway: missing, tls: TLS_OFF } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(new RegExp(`workload Gateway ${GW.namespace}/no-such-gateway could not take .*Check that it exists .*KUBEBYON_WORKLOAD_GATEWAY_NAME`));
    expect(await clusterRow(a)).toMatchObject({ workloadEdgeStatus: "error", workloadEdgeMessage: (error as Error).message, workloadEdgeLastError: (error as Error).message });
    // The routes now name the Gateway of these settings; what matters is that nothing was deleted.
    expect(Object.keys(await ownedVersions())).toEqual(Object.keys(before));
    // The right Gateway again: served as before once the controller took the routes back, the error kept for the record.
    await sync();
    await controllerAccepts();
    await sync();
    expect(await clusterRow(a)).toMatchObject({ workloadEdgeStatus: "ready", workloadEdgeLastError: (error as Error).message });
  });

  it("removes everything of a cluster whose managed ingress is disabled or which is deleted; keeps what serves a cluster it cannot read", async () => {
    const bObjects = Object.entries(await ownedVersions()).filter(([key]) => key.includes(`/${b.namespace}/`));
    expect(bObjects.length).toBeGreaterThan(0);
    await db.cluster.update({ where: { id: a.clusterId }, data: { managedWorkloadIngressEnabled: false } });
    // B's control plane goes away: its objects stay as they are, its row says why.
    await b.vc.stop();
    const result = await sync();
    expect(result).toMatchObject({ served: 0, kept: 1 });
    expect(await clusterRow(b)).toMatchObject({ workloadEdgeStatus: "error", workloadEdgeBackend: "node_port", workloadEdgeMessage: expect.stringContaining("could not be read") as string });
    expect((await clusterRow(b)).workloadEdgeLastErrorAt).not.toBeNull();
    const after = await ownedVersions();
    expect(Object.keys(after).filter((key) => key.includes(`/${a.namespace}/`))).toEqual([]);
    expect(Object.entries(after).filter(([key]) => key.includes(`/${b.namespace}/`))).toEqual(bObjects);
    const rowA = await clusterRow(a);
    expect(rowA).toMatchObject({ workloadEdgeStatus: "disabled", workloadEdgeBackend: null });
    expect(rowA.hostnameBindings.map((h) => h.workloadEdgeStatus)).toEqual(["disabled", "disabled"]);

    await db.cluster.update({ where: { id: b.clusterId }, data: { status: "deleted" } });
    await sync();
    expect(await ownedVersions()).toEqual({});
  });
});
