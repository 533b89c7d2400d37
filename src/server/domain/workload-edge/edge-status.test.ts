import { describe, expect, it } from "vitest";
import type { WorkloadBackendDecision } from "./backend-decision";
import type { ClusterEdgePlan, HostnamePlan } from "./edge-plan";
import { describeClusterEdge } from "./edge-status";

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
