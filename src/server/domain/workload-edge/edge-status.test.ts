import { describe, expect, it } from "vitest";
import type { WorkloadBackendDecision } from "./backend-decision";
import type { ClusterEdgePlan, HostnamePlan } from "./edge-plan";
import { describeClusterEdge, withRouteVerdict } from "./edge-status";

const POD_IP: WorkloadBackendDecision = { mode: "pod-ip", addresses: ["10.42.0.7"], port: 80, reason: "reachable" };
const NODE_PORT: WorkloadBackendDecision = { mode: "node-port", addresses: ["192.168.1.10", "fd00::10"], port: 31080, reason: "pods unreachable" };
const plan = (hostnames: HostnamePlan[]): ClusterEdgePlan => ({ clusterId: "cl_a", manifests: [], hostnames, backend: null });
const host = (hostname: string, bindingId: string | null, tls: HostnamePlan["tls"]): HostnamePlan => ({ hostname, bindingId, tls });

describe("describeClusterEdge", () => {
  it("is ready over HTTP with TLS off and says where traffic goes", () => {
    const s = describeClusterEdge(plan([host("a.apps.test", null, { kind: "off" }), host("shop.test", "hb_1", { kind: "off" })]), NODE_PORT);
    expect(s).toMatchObject({ status: "ready", backend: "node_port", message: "HTTP via node IPs 192.168.1.10, [fd00::10] NodePort 31080 for 2 hostnames." });
    expect(s.bindings.get("hb_1")).toEqual({ status: "ready", message: "Served over HTTP via node IPs 192.168.1.10, [fd00::10] NodePort 31080; HTTPS is off on this platform." });
  });

  it("is pending until the CNAME target's certificate is issued, and counts the HTTPS hostnames", () => {
    const s = describeClusterEdge(
      plan([
        host("a.apps.test", null, { kind: "pending", certificate: "kubebyon-workload-x", dedicated: false, message: "Issuing: order pending." }),
        host("shop.test", "hb_1", { kind: "ready", certificate: "kubebyon-workload-host-y", dedicated: true }),
        host("www.test", "hb_2", { kind: "http-only", reason: "no room" }),
      ]),
      POD_IP,
    );
    expect(s.status).toBe("pending");
    expect(s.message).toBe("HTTP via pod IPs 10.42.0.7 port 80 for 3 hostnames; HTTPS for 1 of 3 hostnames (certificate kubebyon-workload-x not issued yet: Issuing: order pending; 1 over HTTP only).");
    expect(s.bindings.get("hb_1")?.status).toBe("ready");
    expect(s.bindings.get("hb_2")).toEqual({ status: "ready", message: "Served over HTTP via pod IPs 10.42.0.7 port 80; no HTTPS: no room." });
  });

  it("is pending without a backend, for the cluster and its bindings", () => {
    const s = describeClusterEdge(plan([host("a.apps.test", null, { kind: "off" }), host("shop.test", "hb_1", { kind: "off" })]), { mode: "none", reason: "no Ready controller pod has a pod IP" });
    expect(s).toMatchObject({ status: "pending", backend: "none", message: "Routes exist but no backend yet: no Ready controller pod has a pod IP." });
    expect(s.bindings.get("hb_1")?.status).toBe("pending");
  });
});

describe("the NodePort probe and the Gateway controller's verdict", () => {
  const hosts = () => plan([host("a.apps.test", null, { kind: "off" }), host("shop.test", "hb_1", { kind: "off" })]);

  it("names a NodePort address that did not accept a connection and is not ready", () => {
    const s = describeClusterEdge(hosts(), { ...NODE_PORT, silentAddresses: ["fd00::10"] });
    expect(s.status).toBe("error");
    expect(s.message).toBe(
      "HTTP via node IPs 192.168.1.10, [fd00::10] NodePort 31080 for 2 hostnames. NodePort address [fd00::10]:31080 did not accept a TCP connection from the platform, so the requests the Gateway sends there fail: check that the node is up, that kube-proxy runs on it and that its firewall admits the host's traffic to port 31080.",
    );
    expect(s.bindings.get("hb_1")).toMatchObject({ status: "error", message: expect.stringContaining("[fd00::10]:31080 did not accept") as string });
    expect(describeClusterEdge(hosts(), { ...NODE_PORT, silentAddresses: [] }).status).toBe("ready");
  });

  it("is not ready while the controller has not accepted the routes, and says how to look", () => {
    const verdict = { status: "pending" as const, message: "No Gateway controller has accepted HTTPRoute ns/a-workload on listener http yet (status.parents is empty); check …" };
    const s = withRouteVerdict(describeClusterEdge(hosts(), POD_IP), verdict);
    expect(s).toMatchObject({ status: "pending", backend: "pod_ip", message: `HTTP via pod IPs 10.42.0.7 port 80 for 2 hostnames. ${verdict.message}` });
    expect(s.bindings.get("hb_1")?.status).toBe("pending");
  });

  it("takes the worse status: a refused route makes an edge waiting for its certificate an error", () => {
    const waiting = describeClusterEdge(plan([host("a.apps.test", null, { kind: "pending", certificate: "c", dedicated: false, message: "Issuing" })]), POD_IP);
    expect(withRouteVerdict(waiting, { status: "error", message: "Accepted=False" }).status).toBe("error");
    expect(withRouteVerdict(waiting, { status: "ready", message: "fine" })).toBe(waiting);
    expect(withRouteVerdict(waiting, null)).toBe(waiting);
  });
});
