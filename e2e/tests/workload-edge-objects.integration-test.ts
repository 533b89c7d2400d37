import { CoreV1Api, CustomObjectsApi, DiscoveryV1Api, KubernetesObjectApi, PatchStrategy, type KubernetesObject } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCertManagerCrds } from "@e2e/env/cert-manager-crds";
import { installGatewayApiCrds } from "@e2e/env/gateway-api-crds";
import { startKubeCluster, type KubeCluster } from "@e2e/env/kube-cluster";
import { buildCertificate, buildGatewayListenersPatch, WORKLOAD_TLS_FIELD_MANAGER } from "@/server/domain/workload-edge/tls-objects";
import { buildWorkloadEdgeObjects } from "@/server/domain/workload-edge/workload-objects";

/**
 * The workload edge's builders (issue 13, not wired yet) against a real kube-apiserver with the Gateway API
 * (v1.6.3) and cert-manager (v1.19.2) CRDs: what the apiserver's OpenAPI/CEL validation accepts is what a real
 * host accepts. The chart-like Gateway's http listener is applied by "helm"; the platform's HTTPS listeners by
 * its own field manager, so SSA keeps both (listeners are a map list keyed by name).
 */

let kube: KubeCluster;
const NS = "kb-cl-wl";
const GW_NS = "kubebyon-system";
const LABELS = { "kubebyon.io/cluster-id": "cl_wl", "kubebyon.io/owner-id": "usr_wl", "app.kubernetes.io/managed-by": "kubebyon" };

beforeAll(async () => {
  kube = await startKubeCluster();
  const kc = kube.kubeConfig();
  await installGatewayApiCrds(kc);
  await installCertManagerCrds(kc);
  const core = kc.makeApiClient(CoreV1Api);
  for (const name of [NS, GW_NS]) await core.createNamespace({ body: { metadata: { name } } });
}, 120_000);

afterAll(async () => {
  await kube?.stop();
});

async function apply(body: KubernetesObject, fieldManager = "kubebyon"): Promise<KubernetesObject> {
  const api = KubernetesObjectApi.makeApiClient(kube.kubeConfig());
  return api.patch(body, undefined, undefined, fieldManager, true, PatchStrategy.ServerSideApply);
}

describe("workload edge builders against the real apiserver", () => {
  it("accepts the HTTPRoute, the selector-less shim Service and its EndpointSlices; a re-apply changes nothing", async () => {
    const objects = buildWorkloadEdgeObjects({
      namespace: NS,
      releaseName: "demo",
      cnameTarget: "demo.apps.example.test",
      bindingHostnames: ["shop.example.org", "Demo.Apps.Example.test"],
      gateway: { name: "kubebyon-workload", namespace: GW_NS, sectionName: "http" },
      clusterLabels: LABELS,
      backend: { addresses: ["10.42.0.15", "fd00::15"], port: 80 },
    });
    const all = [objects.service, ...objects.endpointSlices, objects.route] as unknown as KubernetesObject[];
    const first = await Promise.all(all.map((o) => apply(o)));
    const again = await Promise.all(all.map((o) => apply(o)));
    expect(again.map((o) => o.metadata?.resourceVersion)).toEqual(first.map((o) => o.metadata?.resourceVersion));

    const service = await kube.kubeConfig().makeApiClient(CoreV1Api).readNamespacedService({ name: "demo-workload-ingress", namespace: NS });
    expect(service.spec?.selector).toBeUndefined();
    const slices = await kube.kubeConfig().makeApiClient(DiscoveryV1Api).listNamespacedEndpointSlice({ namespace: NS, labelSelector: "kubernetes.io/service-name=demo-workload-ingress" });
    expect(slices.items.map((s) => [s.addressType, (s.endpoints ?? []).map((e) => e.addresses[0])]).sort()).toEqual([["IPv4", ["10.42.0.15"]], ["IPv6", ["fd00::15"]]]);
    const route = (await kube.kubeConfig().makeApiClient(CustomObjectsApi).getNamespacedCustomObject({ group: "gateway.networking.k8s.io", version: "v1", namespace: NS, plural: "httproutes", name: "demo-workload" })) as { spec: { hostnames: string[] } };
    expect(route.spec.hostnames).toEqual(["demo.apps.example.test", "shop.example.org"]);
  });

  it("accepts the Certificate, and adds the HTTPS listeners beside the chart's http listener, which stays helm's", async () => {
    const certificate = buildCertificate({ name: "kubebyon-workload-demo", namespace: GW_NS, hostnames: ["demo.apps.example.test", "shop.apps.example.test"], issuer: { kind: "ClusterIssuer", name: "letsencrypt" }, labels: LABELS });
    await apply(certificate as unknown as KubernetesObject);
    const gateway = {
      apiVersion: "gateway.networking.k8s.io/v1",
      kind: "Gateway",
      metadata: { name: "kubebyon-workload", namespace: GW_NS },
      spec: { gatewayClassName: "eg", listeners: [{ name: "http", protocol: "HTTP", port: 80, allowedRoutes: { namespaces: { from: "All" } } }] },
    };
    await apply(gateway, "helm");
    const { patch, overflow } = buildGatewayListenersPatch({ gateway: { name: "kubebyon-workload", namespace: GW_NS }, certificates: [certificate] });
    expect(overflow).toEqual([]);
    const applied = (await apply(patch as unknown as KubernetesObject, WORKLOAD_TLS_FIELD_MANAGER)) as unknown as { spec: { listeners: Array<{ name: string; port: number }> } };
    expect(applied.spec.listeners.map((l) => l.port).sort()).toEqual([443, 443, 80]);
    expect(applied.spec.listeners.some((l) => l.name === "http")).toBe(true);

    // The platform withdrawing its listeners (an empty patch) leaves the chart's http listener alone.
    const { patch: none } = buildGatewayListenersPatch({ gateway: { name: "kubebyon-workload", namespace: GW_NS }, certificates: [] });
    const after = (await apply(none as unknown as KubernetesObject, WORKLOAD_TLS_FIELD_MANAGER)) as unknown as { spec: { listeners: Array<{ name: string }> } };
    expect(after.spec.listeners.map((l) => l.name)).toEqual(["http"]);
  });
});
