import { describe, expect, it } from "vitest";
import { diffPodRoutes } from "./diff-pod-routes";
import { planPodRoutes } from "./plan-pod-routes";
import type { JoinedNodeRouteSource } from "./pod-route";

const node = (clusterId: string, nodeName: string, podCIDRs: string[], internalIp: string | null = "10.250.0.2"): JoinedNodeRouteSource => ({ clusterId, nodeName, podCIDRs, internalIp });

describe("planPodRoutes", () => {
  it("gives one route per node: podCIDR via InternalIP, sorted by destination", () => {
    const plan = planPodRoutes([node("c2", "b", ["10.251.2.0/24"], "10.250.0.3"), node("c1", "a", ["10.251.1.0/24"], "10.250.0.2")]);
    expect(plan.refused).toEqual([]);
    expect(plan.routes).toEqual([
      { destination: "10.251.1.0/24", gateway: "10.250.0.2", clusterId: "c1", nodeName: "a" },
      { destination: "10.251.2.0/24", gateway: "10.250.0.3", clusterId: "c2", nodeName: "b" },
    ]);
  });

  it("refuses both nodes whose pod CIDRs overlap, across clusters, and keeps the others", () => {
    const plan = planPodRoutes([node("c1", "a", ["10.251.0.0/16"]), node("c2", "b", ["10.251.7.0/24"], "10.250.0.3"), node("c3", "c", ["10.252.0.0/24"], "10.250.0.4")]);
    expect(plan.routes.map((r) => r.nodeName)).toEqual(["c"]);
    expect(plan.refused.map((r) => [r.nodeName, r.reason])).toEqual([
      ["a", "overlapping-pod-cidr"],
      ["b", "overlapping-pod-cidr"],
    ]);
    expect(plan.refused[0]!.message).toContain("10.251.7.0/24 of node b of cluster c2");
  });

  it("refuses a node without pod CIDR, without InternalIP, with a non-network CIDR or of the other family", () => {
    const plan = planPodRoutes([node("c", "none", []), node("c", "noip", ["10.251.1.0/24"], null), node("c", "host-bits", ["10.251.2.1/24"]), node("c", "v6", ["fd00:1::/64"])]);
    expect(plan.routes).toEqual([]);
    expect(Object.fromEntries(plan.refused.map((r) => [r.nodeName, r.reason]))).toEqual({
      none: "no-pod-cidr",
      noip: "no-internal-ip",
      "host-bits": "invalid-pod-cidr",
      v6: "family-mismatch",
    });
  });

  it("routes the family of the node's address on a dual-stack node", () => {
    const plan = planPodRoutes([node("c", "ds", ["10.251.3.0/24", "fd00:3::/64"])]);
    expect(plan.routes.map((r) => r.destination)).toEqual(["10.251.3.0/24"]);
  });
});

describe("diffPodRoutes", () => {
  const want = (destination: string, gateway: string) => ({ destination, gateway, clusterId: "c", nodeName: "n" });

  it("replaces missing or re-gatewayed marked routes, deletes undesired marked ones, keeps equal ones", () => {
    const diff = diffPodRoutes(
      { marked: [{ destination: "10.251.1.0/24", gateway: "10.250.0.2" }, { destination: "10.251.2.0/24", gateway: "10.250.0.9" }, { destination: "10.251.9.0/24", gateway: "10.250.0.2" }], foreign: [] },
      [want("10.251.1.0/24", "10.250.0.2"), want("10.251.2.0/24", "10.250.0.3"), want("10.251.3.0/24", "10.250.0.3")],
    );
    expect(diff.unchanged.map((r) => r.destination)).toEqual(["10.251.1.0/24"]);
    expect(diff.replace.map((r) => r.destination)).toEqual(["10.251.2.0/24", "10.251.3.0/24"]);
    expect(diff.delete).toEqual(["10.251.9.0/24"]);
  });

  it("never deletes nor replaces a foreign route, and reports a desired destination it holds", () => {
    const diff = diffPodRoutes({ marked: [], foreign: [{ destination: "10.251.4.0/24", gateway: "10.250.0.7" }, { destination: "10.251.5.0/24", gateway: null }] }, [want("10.251.4.0/24", "10.250.0.2")]);
    expect(diff.replace).toEqual([]);
    expect(diff.delete).toEqual([]);
    expect(diff.blocked.map((b) => b.route.destination)).toEqual(["10.251.4.0/24"]);
    expect(diff.blocked[0]!.message).toContain("via 10.250.0.7");
  });
});
