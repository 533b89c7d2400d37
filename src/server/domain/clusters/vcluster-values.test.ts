import { describe, expect, it } from "vitest";
import { buildVclusterValues, deepMerge } from "./vcluster-values";

// The walkthrough's recommended base values file (§4 step 4).
const base = {
  privateNodes: { enabled: true },
  controlPlane: {
    distro: { k8s: { enabled: true, image: { tag: "v1.31.2" } } },
    coredns: { embedded: false },
    service: { spec: { type: "NodePort" } },
    proxy: { extraSANs: ["198.51.100.7"] },
    statefulSet: { resources: { requests: { cpu: "100m", memory: "256Mi", "ephemeral-storage": "1Gi" } } },
  },
  networking: { podCIDR: "10.64.0.0/16", serviceCIDR: "10.128.0.0/16" },
};

describe("deepMerge", () => {
  it("merges objects key by key, replaces arrays and scalars, and leaves inputs alone", () => {
    const left = { a: { b: 1, c: [1, 2] }, d: "x" };
    const right = { a: { c: [3] , e: true }, d: "y" };
    const merged = deepMerge(left, right);
    expect(merged).toEqual({ a: { b: 1, c: [3], e: true }, d: "y" });
    expect(left).toEqual({ a: { b: 1, c: [1, 2] }, d: "x" });
    (merged.a as { c: number[] }).c.push(4);
    expect(right.a.c).toEqual([3]);
  });
});

describe("buildVclusterValues", () => {
  it("sets the Service type and appends control_plane_host to the base SANs", () => {
    const values = buildVclusterValues(base, { serviceType: "LoadBalancer", controlPlaneHosts: ["k8s.example.com"] });
    expect(values).toMatchObject({
      privateNodes: { enabled: true },
      controlPlane: {
        service: { spec: { type: "LoadBalancer" } },
        proxy: { extraSANs: ["198.51.100.7", "k8s.example.com"] },
        distro: { k8s: { image: { tag: "v1.31.2" } } },
      },
      networking: { podCIDR: "10.64.0.0/16" },
    });
    // The parsed base file is shared by every cluster, so it must not change.
    expect(base.controlPlane.proxy.extraSANs).toEqual(["198.51.100.7"]);
    expect(base.controlPlane.service.spec.type).toBe("NodePort");
  });

  it("does not add a SAN twice and strips a port from control_plane_host", () => {
    const again = buildVclusterValues(base, { serviceType: "NodePort", controlPlaneHosts: ["198.51.100.7:6443"] });
    expect(again).toMatchObject({ controlPlane: { proxy: { extraSANs: ["198.51.100.7"] } } });
  });

  it("appends several served hosts (the new name and, during its grace, the replaced one) after the operator's, once each, in order", () => {
    const values = buildVclusterValues(base, { serviceType: "LoadBalancer", controlPlaneHosts: ["b.example.test:443", "a.example.test", "b.example.test", "198.51.100.7"] });
    expect(values).toMatchObject({ controlPlane: { proxy: { extraSANs: ["198.51.100.7", "b.example.test", "a.example.test"] } } });
  });

  it("keeps the base SANs when there is no control_plane_host and switches to ClusterIP", () => {
    const values = buildVclusterValues(base, { serviceType: "ClusterIP", controlPlaneHosts: ["  "] });
    expect(values).toMatchObject({
      controlPlane: { service: { spec: { type: "ClusterIP" } }, proxy: { extraSANs: ["198.51.100.7"] } },
    });
  });

  it("forces private nodes on even when the base file turns them off", () => {
    const values = buildVclusterValues({ privateNodes: { enabled: false, autoUpgrade: { enabled: true } } }, { serviceType: "NodePort" });
    expect(values.privateNodes).toEqual({ enabled: true, autoUpgrade: { enabled: true } });
  });

  it("replaces the values file's control-plane resources with the plan's whole, and sets the data volume", () => {
    const values = buildVclusterValues(
      { ...base, controlPlane: { ...base.controlPlane, statefulSet: { ...base.controlPlane.statefulSet, persistence: { volumeClaim: { storageClass: "longhorn", accessModes: ["ReadWriteOnce"] } } } } },
      {
        serviceType: "NodePort",
        controlPlane: { resources: { requests: { cpu: "500m", memory: "1Gi" }, limits: { memory: "2Gi" } }, dataVolume: { size: "8Gi", storageClass: null } },
      },
    );
    expect(values).toMatchObject({
      controlPlane: {
        // The values file's ephemeral-storage request is gone: the namespace quota is computed from exactly the plan's.
        statefulSet: {
          resources: { requests: { cpu: "500m", memory: "1Gi" }, limits: { memory: "2Gi" } },
          persistence: { volumeClaim: { enabled: true, size: "8Gi", storageClass: "longhorn", accessModes: ["ReadWriteOnce"] } },
        },
        distro: { k8s: { enabled: true, image: { tag: "v1.31.2" }, resources: { requests: { cpu: "40m", memory: "64Mi" }, limits: { cpu: "100m", memory: "256Mi" } } } },
      },
    });
    // null removes the chart's own default from helm's merge (its values.yaml limits ephemeral storage to 10Gi); the chart
    // has no CPU limit, so none is sent (a null there would reach the manifest as 0).
    expect((values.controlPlane as { statefulSet: { resources: object } }).statefulSet.resources).toEqual({
      requests: { cpu: "500m", memory: "1Gi", "ephemeral-storage": null },
      limits: { memory: "2Gi", "ephemeral-storage": null },
    });
    expect(base.controlPlane.statefulSet.resources.requests["ephemeral-storage"]).toBe("1Gi");

    const withClass = buildVclusterValues(base, { serviceType: "NodePort", controlPlane: { resources: { requests: {}, limits: {} }, dataVolume: { size: "5Gi", storageClass: "fast" } } });
    expect(withClass).toMatchObject({ controlPlane: { statefulSet: { persistence: { volumeClaim: { storageClass: "fast", size: "5Gi" } } } } });
    const legacy = buildVclusterValues(base, { serviceType: "NodePort", controlPlane: { resources: { requests: {}, limits: {} }, dataVolume: null } });
    expect((legacy.controlPlane as { statefulSet: object }).statefulSet).not.toHaveProperty("persistence");
  });

  it("works without a base file and rejects a base that is not a mapping", () => {
    expect(buildVclusterValues(undefined, { serviceType: "NodePort", controlPlaneHosts: ["10.0.0.5"] })).toEqual({
      privateNodes: { enabled: true },
      controlPlane: { service: { spec: { type: "NodePort" } }, proxy: { extraSANs: ["10.0.0.5"] } },
    });
    expect(() => buildVclusterValues(["a"], { serviceType: "NodePort" })).toThrow(/KUBEBYON_VCLUSTER_VALUES_FILE/);
  });
});
