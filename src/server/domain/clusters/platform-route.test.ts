import { describe, expect, it } from "vitest";
import { effectiveVclusterRoute, platformUrl } from "./platform-route";

const base = { release: "demo", namespace: "team-a", clusterIp: "10.43.7.9", publicUrl: null, publicPendingReason: null };

describe("effectiveVclusterRoute", () => {
  it.each([
    ["auto", true, "service"],
    ["auto", false, "cluster-ip"],
    ["cluster-ip", true, "cluster-ip"],
    ["service", false, "service"],
    ["public", true, "public"],
  ] as const)("%s (in host cluster: %s) -> %s", (setting, inCluster, want) => {
    expect(effectiveVclusterRoute(setting, inCluster)).toBe(want);
  });
});

describe("platformUrl", () => {
  it("service: <release>.<namespace>, which vCluster's certificate covers, never .svc", () => {
    expect(platformUrl({ ...base, route: "service" })).toEqual({ kind: "ready", url: "https://demo.team-a:443", route: "service" });
  });

  it("cluster-ip: the Service's ClusterIP on 443 (IPv6 in brackets)", () => {
    expect(platformUrl({ ...base, route: "cluster-ip" })).toEqual({ kind: "ready", url: "https://10.43.7.9:443", route: "cluster-ip" });
    expect(platformUrl({ ...base, route: "cluster-ip", clusterIp: "fd00::a" })).toMatchObject({ url: "https://[fd00::a]:443" });
  });

  it.each([["None"], [""], [null]])("cluster-ip refuses a Service without a ClusterIP (%s), naming the fix", (clusterIp) => {
    const result = platformUrl({ ...base, route: "cluster-ip", clusterIp });
    expect(result.kind).toBe("refused");
    if (result.kind === "refused") expect(result.reason).toMatch(/team-a\/demo has no ClusterIP.*KUBEBYON_VCLUSTER_ROUTE=service/);
  });

  it("public: the public endpoint when there is one", () => {
    expect(platformUrl({ ...base, route: "public", publicUrl: "https://203.0.113.10:31443" })).toEqual({ kind: "ready", url: "https://203.0.113.10:31443", route: "public" });
  });

  it("public with public access off is refused, naming the settings to change", () => {
    const result = platformUrl({ ...base, route: "public" });
    expect(result).toMatchObject({ kind: "refused" });
    if (result.kind === "refused") expect(result.reason).toMatch(/public access is off.*turn public access on.*KUBEBYON_VCLUSTER_ROUTE=cluster-ip/);
  });

  it("public while the endpoint is pending says why", () => {
    const result = platformUrl({ ...base, route: "public", publicPendingReason: "the load balancer has not assigned an address" });
    if (result.kind !== "refused") throw new Error("expected refused");
    expect(result.reason).toContain("the load balancer has not assigned an address");
  });
});
