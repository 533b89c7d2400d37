import { describe, expect, it } from "vitest";
import { createClusterInput, loadBalancerHintKind, publicAccessFormOf, publicAccessProblem, updateAccessProblem, updateClusterInput } from "./public-access-form";

const cluster = {
  name: "demo",
  plan_id: null,
  public_access_enabled: true,
  public_access_mode: "nodeport" as const,
  control_plane_host: "127.0.0.1",
};
const unchanged = { name: "demo", planId: "", enabled: true, mode: "nodeport" as const, host: "127.0.0.1" };

describe("public access form", () => {
  it("sends mode off when public access is disabled and omits an empty host", () => {
    expect(createClusterInput({ name: " a ", enabled: false, mode: "loadbalancer", host: " " })).toEqual({
      name: "a",
      public_access_enabled: false,
      public_access_mode: "off",
    });
    expect(createClusterInput({ name: "b", enabled: true, mode: "loadbalancer", host: " k.example.com " })).toEqual({
      name: "b",
      public_access_enabled: true,
      public_access_mode: "loadbalancer",
      control_plane_host: "k.example.com",
    });
  });

  it("starts the edit form from the cluster's three-state access, reading a disabled row as off", () => {
    expect(publicAccessFormOf(cluster)).toEqual({ enabled: true, mode: "nodeport", host: "127.0.0.1" });
    expect(publicAccessFormOf({ ...cluster, public_access_enabled: false, public_access_mode: "loadbalancer" })).toEqual({
      enabled: false,
      mode: "loadbalancer",
      host: "127.0.0.1",
    });
    expect(publicAccessFormOf({ ...cluster, public_access_mode: "off", control_plane_host: null })).toEqual({ enabled: false, mode: "nodeport", host: "" });
  });

  it("sends nothing when nothing changed, and only what changed otherwise", () => {
    expect(updateClusterInput(cluster, unchanged)).toBeNull();
    // Switching off→on with the same stored mode is a change; the stored mode alone is not.
    expect(updateClusterInput({ ...cluster, public_access_enabled: false }, { ...unchanged, enabled: false, mode: "loadbalancer" })).toBeNull();
    expect(updateClusterInput(cluster, { ...unchanged, name: " renamed " })).toEqual({ name: "renamed" });
    expect(updateClusterInput(cluster, { ...unchanged, enabled: false })).toEqual({ public_access_enabled: false, public_access_mode: "off" });
    expect(updateClusterInput(cluster, { ...unchanged, mode: "loadbalancer", host: "k.example.com" })).toEqual({
      public_access_enabled: true,
      public_access_mode: "loadbalancer",
      control_plane_host: "k.example.com",
    });
  });

  it("clears an emptied host with null and keeps the plan when the plan field is empty", () => {
    expect(updateClusterInput(cluster, { ...unchanged, host: "  " })).toEqual({ control_plane_host: null });
    expect(updateClusterInput({ ...cluster, plan_id: "plan_a" }, { ...unchanged, planId: "" })).toBeNull();
    expect(updateClusterInput({ ...cluster, plan_id: "plan_a" }, { ...unchanged, planId: " plan_b " })).toEqual({ plan_id: "plan_b" });
  });
});

describe("public access form per provider", () => {
  const lb = { enabled: true, mode: "loadbalancer" as const };

  it("explains loadbalancer as a load balancer address under servicelb and as the SNI-routing edge otherwise", () => {
    expect(loadBalancerHintKind("servicelb")).toBe("servicelb");
    expect(loadBalancerHintKind("haproxy")).toBe("edge");
    expect(loadBalancerHintKind("gatewayapi")).toBe("edge");
  });

  it("refuses before sending what the server would refuse: an IP or a non-443 port behind an edge, no host at all anywhere", () => {
    expect(publicAccessProblem({ ...lb, host: "203.0.113.10" }, "servicelb")).toBeNull();
    expect(publicAccessProblem({ ...lb, host: "203.0.113.10" }, "haproxy")).toMatch(/must be a DNS name on this platform.*served by haproxy/);
    expect(publicAccessProblem({ ...lb, host: "k8s.example.com:6443" }, "gatewayapi")).toMatch(/may not carry port 6443/);
    expect(publicAccessProblem({ ...lb, host: " k8s.example.com " }, "gatewayapi")).toBeNull();
    expect(publicAccessProblem({ ...lb, host: "" }, "servicelb")).toMatch(/control_plane_host is required/);
    // Off or nodeport: an IP is fine whatever the provider.
    expect(publicAccessProblem({ enabled: true, mode: "nodeport", host: "203.0.113.10" }, "haproxy")).toBeNull();
    expect(publicAccessProblem({ enabled: false, mode: "loadbalancer", host: "203.0.113.10" }, "haproxy")).toBeNull();
  });

  it("judges an edit only when it touches public access, like the server: a rename of an old IP-host cluster goes through", () => {
    const old = { ...cluster, public_access_mode: "loadbalancer" as const, control_plane_host: "203.0.113.10" };
    const form = { ...unchanged, mode: "loadbalancer" as const, host: "203.0.113.10", name: "renamed" };
    const rename = updateClusterInput(old, form);
    expect(rename).toEqual({ name: "renamed" });
    expect(updateAccessProblem(rename ?? {}, form, "haproxy")).toBeNull();
    const hostEdit = { ...form, host: "198.51.100.7" };
    expect(updateAccessProblem(updateClusterInput(old, hostEdit) ?? {}, hostEdit, "haproxy")).toMatch(/must be a DNS name/);
  });
});
