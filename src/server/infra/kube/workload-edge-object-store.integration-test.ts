import { CoreV1Api, CustomObjectsApi, DiscoveryV1Api, KubernetesObjectApi, PatchStrategy, setHeaderOptions, type KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCertManagerCrds } from "@e2e/env/cert-manager-crds";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { startKubeCluster, type KubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { buildCertificate, buildGatewayListenersPatch, httpsListenerName, WORKLOAD_TLS_FIELD_MANAGER } from "@/server/domain/workload-edge/tls-objects";
import { buildWorkloadEdgeObjects } from "@/server/domain/workload-edge/workload-objects";
import type { OwnedWorkloadEdgeObject, WorkloadEdgeManifest } from "@/server/services/workload-edge/ports";
import { KubeApiError } from "./kube-calls";
import { KubeWorkloadEdgeObjectStore } from "./workload-edge-object-store";

/**
 * KubeWorkloadEdgeObjectStore against a real kube-apiserver with the Gateway API (v1.6.3) and cert-manager
 * (v1.19.2) CRDs, the objects built by the domain builders; and against a second apiserver (a stand-in vCluster
 * on the same etcd) that has the Gateway API CRDs but not cert-manager's.
 */
let kube: KubeCluster;
let bare: VirtualCluster;
let store: KubeWorkloadEdgeObjectStore;
const NS_A = "kb-cl-edge-a";
const NS_B = "kb-cl-edge-b";
const GW_NS = "kubebyon-system";
const GATEWAY = { name: "kubebyon-workload", namespace: GW_NS, sectionName: "http" };
const labelsOf = (clusterId: string) => ({ "kubebyon.io/cluster-id": clusterId, "kubebyon.io/owner-id": "usr_edge", "app.kubernetes.io/managed-by": "kubebyon" });
const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

const objectsFor = (namespace: string, releaseName: string, clusterId: string) =>
  buildWorkloadEdgeObjects({
    namespace,
    releaseName,
    cnameTarget: `${releaseName}.apps.example.test`,
    bindingHostnames: [`shop-${releaseName}.example.org`],
    gateway: GATEWAY,
    clusterLabels: labelsOf(clusterId),
    backend: { addresses: ["10.42.0.15", "fd00::15"], port: 80 },
  });

async function createNamespaces(kc: KubeCluster | VirtualCluster, names: string[]) {
  const core = kc.kubeConfig().makeApiClient(CoreV1Api);
  for (const name of names) await core.createNamespace({ body: { metadata: { name } } });
}

/** Reads any object back (resourceVersion, managedFields) through client-node's generic API. */
async function read(kc: KubeCluster | VirtualCluster, m: { apiVersion: string; kind: string; metadata: { name: string; namespace: string } }) {
  return KubernetesObjectApi.makeApiClient(kc.kubeConfig()).read({ apiVersion: m.apiVersion, kind: m.kind, metadata: { name: m.metadata.name, namespace: m.metadata.namespace } });
}

const key = (o: Pick<OwnedWorkloadEdgeObject, "kind" | "namespace" | "name">) => `${o.kind} ${o.namespace}/${o.name}`;
const sortByKey = (list: OwnedWorkloadEdgeObject[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));

beforeAll(async () => {
  kube = await startKubeCluster();
  const kc = kube.kubeConfig();
  await installGatewayApiCrds(kc);
  await installCertManagerCrds(kc);
  await createNamespaces(kube, [NS_A, NS_B, GW_NS]);
  store = new KubeWorkloadEdgeObjectStore(kc);
  bare = await kube.startVirtualCluster({ name: "no-cert-manager", namespace: "edge-bare" });
  await installGatewayApiCrds(bare.kubeConfig());
  await createNamespaces(bare, [NS_A]);
}, 240_000);

afterAll(async () => {
  await kube?.stop();
});

describe("KubeWorkloadEdgeObjectStore.apply", () => {
  it("applies the builders' HTTPRoute, shim Service, EndpointSlices and Certificate under the workload edge's field manager; a second identical apply changes nothing", async () => {
    const objects = objectsFor(NS_A, "alpha", "cl_a");
    const certificate = buildCertificate({ name: "kubebyon-workload-alpha", namespace: NS_A, hostnames: objects.route.spec.hostnames, issuer: { kind: "ClusterIssuer", name: "letsencrypt" }, labels: { ...objects.route.metadata.labels } });
    const all: WorkloadEdgeManifest[] = [objects.route, objects.service, ...objects.endpointSlices, certificate];
    expect(all.map((m) => m.kind)).toEqual(["HTTPRoute", "Service", "EndpointSlice", "EndpointSlice", "Certificate"]);
    for (const m of all) await store.apply(m);

    const first = await Promise.all(all.map((m) => read(kube, m)));
    for (const o of first) {
      expect(o.metadata?.managedFields?.map((f) => [f.manager, f.operation])).toEqual([[WORKLOAD_TLS_FIELD_MANAGER, "Apply"]]);
    }
    for (const m of all) await store.apply(m);
    const again = await Promise.all(all.map((m) => read(kube, m)));
    expect(again.map((o) => o.metadata?.resourceVersion)).toEqual(first.map((o) => o.metadata?.resourceVersion));

    const slices = await kube.kubeConfig().makeApiClient(DiscoveryV1Api).listNamespacedEndpointSlice({ namespace: NS_A, labelSelector: "kubernetes.io/service-name=alpha-workload-ingress" });
    expect(slices.items.map((s) => [s.addressType, (s.endpoints ?? []).map((e) => e.addresses[0])]).sort()).toEqual([["IPv4", ["10.42.0.15"]], ["IPv6", ["fd00::15"]]]);
  });

  it("takes a field back from another manager (force) and changes the object when the manifest changes", async () => {
    const { service } = objectsFor(NS_A, "alpha", "cl_a");
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);
    await core.patchNamespacedService({ name: service.metadata.name, namespace: NS_A, body: { metadata: { labels: { "kubebyon.io/owner-id": "someone-else" } } }, fieldManager: "kubectl-edit" }, mergePatch);
    await store.apply(service);
    expect((await core.readNamespacedService({ name: service.metadata.name, namespace: NS_A })).metadata?.labels?.["kubebyon.io/owner-id"]).toBe("usr_edge");

    const moved = objectsFor(NS_A, "alpha", "cl_a");
    moved.route.spec.hostnames = [...moved.route.spec.hostnames, "new.example.org"];
    await store.apply(moved.route);
    const route = (await read(kube, moved.route)) as unknown as { spec: { hostnames: string[] } };
    expect(route.spec.hostnames).toContain("new.example.org");
    await store.apply(objectsFor(NS_A, "alpha", "cl_a").route);
  });

  it("adds the platform's HTTPS listeners beside the chart's http listener, which stays helm's, and an empty patch removes only the platform's", async () => {
    const gateway = {
      apiVersion: "gateway.networking.k8s.io/v1",
      kind: "Gateway",
      metadata: { name: GATEWAY.name, namespace: GW_NS },
      spec: { gatewayClassName: "eg", listeners: [{ name: "http", protocol: "HTTP", port: 80, allowedRoutes: { namespaces: { from: "All" } } }] },
    };
    await KubernetesObjectApi.makeApiClient(kube.kubeConfig()).patch(gateway as KubernetesObject, undefined, undefined, "helm", true, PatchStrategy.ServerSideApply);

    const certificate = buildCertificate({ name: "kubebyon-workload-alpha", namespace: GW_NS, hostnames: ["alpha.apps.example.test", "shop.example.org"], issuer: { kind: "ClusterIssuer", name: "letsencrypt" }, labels: labelsOf("cl_a") });
    const { patch } = buildGatewayListenersPatch({ gateway: { name: GATEWAY.name, namespace: GW_NS }, certificates: [certificate] });
    await store.apply(patch);
    type GatewayObject = { spec: { listeners: Array<{ name: string; port: number; hostname?: string }> }; metadata: { managedFields?: Array<{ manager?: string; fieldsV1?: unknown }> } };
    const applied = (await read(kube, patch)) as unknown as GatewayObject;
    expect(applied.spec.listeners.map((l) => l.name).sort()).toEqual(["http", httpsListenerName("alpha.apps.example.test"), httpsListenerName("shop.example.org")].sort());
    const ownedBy = (manager: string) => JSON.stringify(applied.metadata.managedFields?.find((f) => f.manager === manager)?.fieldsV1 ?? {});
    expect(ownedBy("helm")).toContain('k:{\\"name\\":\\"http\\"}');
    expect(ownedBy(WORKLOAD_TLS_FIELD_MANAGER)).toContain(httpsListenerName("shop.example.org"));
    expect(ownedBy(WORKLOAD_TLS_FIELD_MANAGER)).not.toContain('k:{\\"name\\":\\"http\\"}');

    // Re-applying the same listeners is a no-op.
    const before = await read(kube, patch);
    await store.apply(patch);
    expect((await read(kube, patch)).metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);

    const { patch: none } = buildGatewayListenersPatch({ gateway: { name: GATEWAY.name, namespace: GW_NS }, certificates: [] });
    await store.apply(none);
    const after = (await read(kube, none)) as unknown as GatewayObject;
    expect(after.spec.listeners).toEqual([{ name: "http", protocol: "HTTP", port: 80, allowedRoutes: { namespaces: { from: "All" } } }]);
  });

  it("throws with the apiserver's Status message when it refuses an object, and refuses a kind it does not manage", async () => {
    const { route } = objectsFor(NS_A, "broken", "cl_a");
    route.spec.hostnames = ["Not A Hostname"];
    const err = await store.apply(route).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KubeApiError);
    expect((err as KubeApiError).status).toBe(422);
    expect((err as Error).message).toMatch(/^applying HTTPRoute kb-cl-edge-a\/broken-workload failed: HTTPRoute\.gateway\.networking\.k8s\.io "broken-workload" is invalid: spec\.hostnames\[0\]: .*\(HTTP 422\)$/);

    // A namespace that does not exist: the apiserver's NotFound, not a silent no-op.
    const missing = objectsFor("kb-no-such-namespace", "ghost", "cl_x").service;
    await expect(store.apply(missing)).rejects.toThrow(/applying Service kb-no-such-namespace\/ghost-workload-ingress failed: namespaces "kb-no-such-namespace" not found \(HTTP 404\)/);

    await expect(store.apply({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x", namespace: NS_A } })).rejects.toThrow(/cannot apply v1 ConfigMap kb-cl-edge-a\/x/);
  });
});

describe("KubeWorkloadEdgeObjectStore.listOwned and delete", () => {
  it("finds the owned objects of every kind in two namespaces with their cluster id, and ignores unlabelled ones", async () => {
    const b = objectsFor(NS_B, "beta", "cl_b");
    for (const m of [b.route, b.service, ...b.endpointSlices]) await store.apply(m);
    // Owned but without a cluster id: reported with clusterId null, so the syncer can remove it.
    const orphan = buildCertificate({ name: "kubebyon-workload-orphan", namespace: NS_B, hostnames: ["orphan.example.org"], issuer: { kind: "ClusterIssuer", name: "letsencrypt" }, labels: { "kubebyon.io/component": "workload-edge" } });
    await store.apply(orphan);
    // Not the workload edge's: a Service with the cluster labels but no component label, and an HTTPRoute of another component.
    const core = kube.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespacedService({ namespace: NS_A, body: { metadata: { name: "user-service", labels: labelsOf("cl_a") }, spec: { ports: [{ port: 80 }] } } });
    const foreign = { ...objectsFor(NS_B, "foreign", "cl_b").route };
    foreign.metadata = { ...foreign.metadata, labels: { ...labelsOf("cl_b"), "kubebyon.io/component": "control-plane-edge" } };
    await KubernetesObjectApi.makeApiClient(kube.kubeConfig()).patch(foreign as unknown as KubernetesObject, undefined, undefined, "kubebyon", true, PatchStrategy.ServerSideApply);

    const owned = sortByKey(await store.listOwned());
    expect(owned).toEqual(
      sortByKey([
        { apiVersion: "gateway.networking.k8s.io/v1", kind: "HTTPRoute", namespace: NS_A, name: "alpha-workload", clusterId: "cl_a" },
        { apiVersion: "v1", kind: "Service", namespace: NS_A, name: "alpha-workload-ingress", clusterId: "cl_a" },
        { apiVersion: "discovery.k8s.io/v1", kind: "EndpointSlice", namespace: NS_A, name: "alpha-workload-ingress", clusterId: "cl_a" },
        { apiVersion: "discovery.k8s.io/v1", kind: "EndpointSlice", namespace: NS_A, name: "alpha-workload-ingress-ipv6", clusterId: "cl_a" },
        { apiVersion: "cert-manager.io/v1", kind: "Certificate", namespace: NS_A, name: "kubebyon-workload-alpha", clusterId: "cl_a" },
        { apiVersion: "gateway.networking.k8s.io/v1", kind: "HTTPRoute", namespace: NS_B, name: "beta-workload", clusterId: "cl_b" },
        { apiVersion: "v1", kind: "Service", namespace: NS_B, name: "beta-workload-ingress", clusterId: "cl_b" },
        { apiVersion: "discovery.k8s.io/v1", kind: "EndpointSlice", namespace: NS_B, name: "beta-workload-ingress", clusterId: "cl_b" },
        { apiVersion: "discovery.k8s.io/v1", kind: "EndpointSlice", namespace: NS_B, name: "beta-workload-ingress-ipv6", clusterId: "cl_b" },
        { apiVersion: "cert-manager.io/v1", kind: "Certificate", namespace: NS_B, name: "kubebyon-workload-orphan", clusterId: null },
      ]),
    );
  });

  it("deletes an owned object of each kind, and a second delete of a gone object is not an error", async () => {
    const owned = (await store.listOwned()).filter((o) => o.namespace === NS_B);
    expect(new Set(owned.map((o) => o.kind))).toEqual(new Set(["HTTPRoute", "Service", "EndpointSlice", "Certificate"]));
    for (const o of owned) await store.delete(o);
    expect((await store.listOwned()).filter((o) => o.namespace === NS_B)).toEqual([]);
    for (const o of owned) await store.delete(o);
    // The user's Service and the other component's HTTPRoute were never touched.
    await kube.kubeConfig().makeApiClient(CoreV1Api).readNamespacedService({ name: "user-service", namespace: NS_A });
    await kube.kubeConfig().makeApiClient(CustomObjectsApi).getNamespacedCustomObject({ group: "gateway.networking.k8s.io", version: "v1", plural: "httproutes", namespace: NS_B, name: "foreign-workload" });
  });
});

describe("KubeWorkloadEdgeObjectStore.certificateReadiness", () => {
  async function writeReady(name: string, status: "True" | "False", reason: string, message: string) {
    await kube.kubeConfig().makeApiClient(CustomObjectsApi).patchNamespacedCustomObjectStatus(
      {
        group: "cert-manager.io",
        version: "v1",
        plural: "certificates",
        namespace: GW_NS,
        name,
        body: { status: { conditions: [{ type: "Ready", status, reason, message, lastTransitionTime: new Date().toISOString(), observedGeneration: 1 }] } },
      },
      mergePatch,
    );
  }

  it("reports each Certificate's Ready condition written through the status subresource, 'not issued yet' without one, and leaves out a missing name", async () => {
    const cert = (name: string, host: string) => buildCertificate({ name, namespace: GW_NS, hostnames: [host], issuer: { kind: "ClusterIssuer", name: "letsencrypt" }, labels: labelsOf("cl_c") });
    for (const c of [cert("cert-issued", "issued.example.org"), cert("cert-failing", "failing.example.org"), cert("cert-new", "new.example.org")]) await store.apply(c);
    await writeReady("cert-issued", "True", "Ready", "Certificate is up to date and has not expired");
    await writeReady("cert-failing", "False", "Failed", "The certificate request has failed to complete and will be retried: 429 urn:ietf:params:acme:error:rateLimited");

    const readiness = await store.certificateReadiness(GW_NS, ["cert-issued", "cert-failing", "cert-new", "cert-missing"]);
    expect(Object.fromEntries(readiness)).toEqual({
      "cert-issued": { ready: true, message: "Ready: Certificate is up to date and has not expired", dnsNames: ["issued.example.org"] },
      "cert-failing": { ready: false, message: "Failed: The certificate request has failed to complete and will be retried: 429 urn:ietf:params:acme:error:rateLimited", dnsNames: ["failing.example.org"] },
      "cert-new": { ready: false, message: "not issued yet", dnsNames: ["new.example.org"] },
    });
    // A name added changes the spec (generation 2): the Ready cert-manager wrote for generation 1 no longer counts.
    await store.apply(buildCertificate({ name: "cert-issued", namespace: GW_NS, hostnames: ["issued.example.org", "added.example.org"], issuer: { kind: "ClusterIssuer", name: "letsencrypt" }, labels: labelsOf("cl_c") }));
    expect((await store.certificateReadiness(GW_NS, ["cert-issued"])).get("cert-issued")).toEqual({ ready: false, message: "being re-issued for its changed names", dnsNames: ["added.example.org", "issued.example.org"] });
    // Only the names asked for, and none for an empty list or a namespace without Certificates.
    expect([...(await store.certificateReadiness(GW_NS, ["cert-new"])).keys()]).toEqual(["cert-new"]);
    expect((await store.certificateReadiness(GW_NS, [])).size).toBe(0);
    expect((await store.certificateReadiness("kb-no-such-namespace", ["cert-new"])).size).toBe(0);
  });
});

describe("KubeWorkloadEdgeObjectStore on an apiserver without the cert-manager CRDs", () => {
  it("lists the other owned kinds, finds no Certificate, deletes tolerantly, and fails to apply a Certificate with the server's answer", async () => {
    const bareStore = new KubeWorkloadEdgeObjectStore(bare.kubeConfig());
    const objects = objectsFor(NS_A, "gamma", "cl_g");
    for (const m of [objects.route, objects.service, ...objects.endpointSlices]) await bareStore.apply(m);
    expect(sortByKey(await bareStore.listOwned()).map(key)).toEqual(
      [`EndpointSlice ${NS_A}/gamma-workload-ingress`, `EndpointSlice ${NS_A}/gamma-workload-ingress-ipv6`, `HTTPRoute ${NS_A}/gamma-workload`, `Service ${NS_A}/gamma-workload-ingress`].sort(),
    );
    expect((await bareStore.certificateReadiness(NS_A, ["anything"])).size).toBe(0);
    await bareStore.delete({ apiVersion: "cert-manager.io/v1", kind: "Certificate", namespace: NS_A, name: "anything", clusterId: "cl_g" });
    const certificate = buildCertificate({ name: "kubebyon-workload-gamma", namespace: NS_A, hostnames: ["gamma.example.org"], issuer: { kind: "ClusterIssuer", name: "letsencrypt" }, labels: labelsOf("cl_g") });
    const err = await bareStore.apply(certificate).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KubeApiError);
    expect((err as KubeApiError).status).toBe(404);
    expect((err as Error).message).toBe(
      "applying Certificate kb-cl-edge-a/kubebyon-workload-gamma failed: the host cluster does not serve certificates.cert-manager.io/v1: install cert-manager (or turn workload TLS off: KUBEBYON_WORKLOAD_TLS_ENABLED=false)",
    );
  });

  it("throws on a list the apiserver refuses for another reason than a missing API", async () => {
    // An apiserver that is not there: no answer at all is a failure, never "nothing owned".
    const kc = bare.kubeConfig();
    const cluster = kc.getCurrentCluster()!;
    kc.clusters = kc.clusters.map((c) => (c.name === cluster.name ? { ...c, server: "https://127.0.0.1:2" } : c));
    await expect(new KubeWorkloadEdgeObjectStore(kc, { timeoutMs: 3_000 }).listOwned()).rejects.toThrow(/listing the workload edge's \w+ objects failed: ECONNREFUSED/);
  });
});
