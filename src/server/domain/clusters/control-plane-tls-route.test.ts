import { describe, expect, it } from "vitest";
import { buildControlPlaneTlsRoute, controlPlaneRouteAction, controlPlaneTlsRouteName } from "./control-plane-tls-route";

const labels = { "kubebyon.io/cluster-id": "cl_1", "app.kubernetes.io/managed-by": "kubebyon" };
const base = { namespace: "kb-cl-1", releaseName: "demo", gateway: { name: "edge", namespace: "kubebyon-system", sectionName: "tls" }, labels };

describe("buildControlPlaneTlsRoute", () => {
  it("routes control_plane_host through the shared Gateway's listener to the vCluster Service on 443", () => {
    expect(buildControlPlaneTlsRoute({ ...base, controlPlaneHost: "api.demo.example.com" })).toEqual({
      kind: "ready",
      route: {
        apiVersion: "gateway.networking.k8s.io/v1",
        kind: "TLSRoute",
        metadata: { name: "demo-control-plane", namespace: "kb-cl-1", labels },
        spec: {
          parentRefs: [{ group: "gateway.networking.k8s.io", kind: "Gateway", name: "edge", namespace: "kubebyon-system", sectionName: "tls" }],
          hostnames: ["api.demo.example.com"],
          rules: [{ backendRefs: [{ group: "", kind: "Service", name: "demo", port: 443 }] }],
        },
      },
    });
  });

  it("matches the name only: drops a port, lower-cases and drops a trailing dot", () => {
    const built = buildControlPlaneTlsRoute({ ...base, controlPlaneHost: " API.Demo.Example.com.:6443 " });
    expect(built.kind === "ready" && built.route.spec.hostnames).toEqual(["api.demo.example.com"]);
  });

  it("also routes the replaced names it is given (their grace), current name first, without IPs or repeats", () => {
    const built = buildControlPlaneTlsRoute({ ...base, controlPlaneHost: "new.example.com", previousHosts: ["Old.Example.com:443", "203.0.113.10", "new.example.com", "old.example.com"] });
    expect(built.kind === "ready" && built.route.spec.hostnames).toEqual(["new.example.com", "old.example.com"]);
  });

  it("leaves sectionName out when the setting has none (attach to every TLS listener)", () => {
    const built = buildControlPlaneTlsRoute({ ...base, gateway: { name: "edge", namespace: "gw" }, controlPlaneHost: "a.example.com" });
    expect(built.kind === "ready" && built.route.spec.parentRefs[0]).toEqual({ group: "gateway.networking.k8s.io", kind: "Gateway", name: "edge", namespace: "gw" });
  });

  it("copies the labels, so callers' objects are not shared with the manifest", () => {
    const built = buildControlPlaneTlsRoute({ ...base, controlPlaneHost: "a.example.com" });
    expect(built.kind === "ready" && built.route.metadata.labels).not.toBe(labels);
  });

  it.each([["203.0.113.10"], ["203.0.113.10:443"], ["[2001:db8::1]:443"], ["2001:db8::1"]])("refuses the IP address %s: SNI carries DNS names only", (host) => {
    const built = buildControlPlaneTlsRoute({ ...base, controlPlaneHost: host });
    expect(built).toMatchObject({ kind: "refused" });
    expect(built.kind === "refused" && built.reason).toMatch(/IP address.*set control_plane_host to a DNS name/);
  });

  it.each([[""], ["  "], [null], [undefined]])("refuses a cluster without control_plane_host (%s), naming the fix", (host) => {
    const built = buildControlPlaneTlsRoute({ ...base, controlPlaneHost: host });
    expect(built.kind === "refused" && built.reason).toMatch(/set control_plane_host/);
  });

  it("names the route after the release", () => {
    expect(controlPlaneTlsRouteName("team-a")).toBe("team-a-control-plane");
  });
});

describe("controlPlaneRouteAction", () => {
  it("publishes for a loadbalancer cluster and withdraws otherwise, only with the gatewayapi provider", () => {
    expect(controlPlaneRouteAction("gatewayapi", "loadbalancer")).toBe("publish");
    expect(controlPlaneRouteAction("gatewayapi", "nodeport")).toBe("withdraw");
    expect(controlPlaneRouteAction("gatewayapi", "off")).toBe("withdraw");
    expect(controlPlaneRouteAction("gatewayapi", "deleted")).toBe("withdraw");
    for (const provider of ["servicelb", "haproxy"] as const) {
      for (const target of ["loadbalancer", "nodeport", "off", "deleted"] as const) expect(controlPlaneRouteAction(provider, target)).toBeNull();
    }
  });
});
