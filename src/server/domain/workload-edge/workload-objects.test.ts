import { describe, expect, it } from "vitest";
import { buildWorkloadEdgeObjects, workloadRouteHostnames } from "./workload-objects";

const base = {
  namespace: "kb-c1",
  releaseName: "vc-c1",
  cnameTarget: "c1abc.apps.example.com",
  gateway: { name: "kubebyon-workload", namespace: "kubebyon-system", sectionName: "http" },
  clusterLabels: { "kubebyon.io/cluster-id": "c1", "kubebyon.io/owner-id": "u1", "app.kubernetes.io/managed-by": "kubebyon" },
};

describe("workload edge objects", () => {
  it("route hostnames: the CNAME target first, then the bindings sorted and without duplicates or the target again", () => {
    expect(workloadRouteHostnames("T.example.com.", ["b.example.org", "a.example.org", "b.example.org", "t.example.com"])).toEqual(["t.example.com", "a.example.org", "b.example.org"]);
  });

  it("HTTPRoute on the workload Gateway's listener to the shim Service port 80; all objects carry cluster and component labels", () => {
    const o = buildWorkloadEdgeObjects({ ...base, bindingHostnames: ["shop.example.org"], backend: { addresses: ["10.0.0.7"], port: 80 } });
    expect(o.route.metadata).toEqual({ name: "vc-c1-workload", namespace: "kb-c1", labels: { ...base.clusterLabels, "kubebyon.io/component": "workload-edge" } });
    expect(o.route.spec.parentRefs).toEqual([{ group: "gateway.networking.k8s.io", kind: "Gateway", name: "kubebyon-workload", namespace: "kubebyon-system", sectionName: "http" }]);
    expect(o.route.spec.hostnames).toEqual(["c1abc.apps.example.com", "shop.example.org"]);
    expect(o.route.spec.rules).toEqual([{ backendRefs: [{ group: "", kind: "Service", name: "vc-c1-workload-ingress", port: 80 }] }]);
    expect(o.service.spec).toEqual({ type: "ClusterIP", ports: [{ name: "http", protocol: "TCP", port: 80 }] });
    expect(o.service.spec).not.toHaveProperty("selector");
    expect(o.service.metadata.labels["kubebyon.io/component"]).toBe("workload-edge");
  });

  it("EndpointSlices: one per address family, named after the Service, labelled service-name and managed-by, port = the backend's", () => {
    const o = buildWorkloadEdgeObjects({ ...base, bindingHostnames: [], backend: { addresses: ["192.168.1.5", "fd00::5", "192.168.1.4"], port: 31080 } });
    expect(o.endpointSlices.map((s) => [s.metadata.name, s.addressType, s.endpoints.map((e) => e.addresses[0])])).toEqual([
      ["vc-c1-workload-ingress", "IPv4", ["192.168.1.4", "192.168.1.5"]],
      ["vc-c1-workload-ingress-ipv6", "IPv6", ["fd00::5"]],
    ]);
    const [v4] = o.endpointSlices;
    expect(v4?.metadata.labels).toMatchObject({ "kubernetes.io/service-name": "vc-c1-workload-ingress", "endpointslice.kubernetes.io/managed-by": "workload-edge.kubebyon.io", "kubebyon.io/cluster-id": "c1" });
    expect(v4?.ports).toEqual([{ name: "http", protocol: "TCP", port: 31080 }]);
  });

  it("no backend: route and Service, no EndpointSlice", () => {
    expect(buildWorkloadEdgeObjects({ ...base, bindingHostnames: [], backend: null }).endpointSlices).toEqual([]);
  });
});
