import type { WorkloadBackendDecision } from "./backend-decision";
import type { ClusterEdgePlan, HostnamePlan } from "./edge-plan";

/**
 * The workload edge's state in words for a cluster and each of its hostname bindings
 * (clusters.workload_edge_*, hostname_bindings.workload_edge_*; docs/workload-edge.md "Status").
 */

export type EdgeStatus = "disabled" | "pending" | "ready" | "error";
export type EdgeBackendColumn = "pod_ip" | "node_port" | "none";

export interface EdgeStatusLine {
  status: EdgeStatus;
  message: string;
}

export interface ClusterEdgeStatus extends EdgeStatusLine {
  backend: EdgeBackendColumn | null;
  bindings: Map<string, EdgeStatusLine>;
}

export const backendColumn = (decision: WorkloadBackendDecision): EdgeBackendColumn =>
  decision.mode === "pod-ip" ? "pod_ip" : decision.mode === "node-port" ? "node_port" : "none";

const trimDot = (s: string) => s.replace(/\.+$/, "");

function servedVia(decision: WorkloadBackendDecision): string {
  if (decision.mode === "none") return "no backend";
  const where = decision.addresses.map((a) => (a.includes(":") ? `[${a}]` : a)).join(", ");
  return decision.mode === "pod-ip" ? `pod IPs ${where} port ${decision.port}` : `node IPs ${where} NodePort ${decision.port}`;
}

function hostnameLine(plan: HostnamePlan, decision: WorkloadBackendDecision): EdgeStatusLine {
  if (decision.mode === "none") return { status: "pending", message: `Routed, but the cluster has no reachable ingress controller yet: ${decision.reason}` };
  const via = servedVia(decision);
  switch (plan.tls.kind) {
    case "off":
      return { status: "ready", message: `Served over HTTP via ${via}; HTTPS is off on this platform.` };
    case "http-only":
      return { status: "ready", message: `Served over HTTP via ${via}; no HTTPS: ${plan.tls.reason}.` };
    case "pending":
      return { status: "pending", message: `Served over HTTP via ${via}; HTTPS waits for certificate ${plan.tls.certificate}: ${trimDot(plan.tls.message)}.` };
    case "ready":
      return { status: "ready", message: `Served over HTTPS (certificate ${plan.tls.certificate}; HTTP redirects to it) via ${via}.` };
  }
}

/**
 * ready: routed with endpoints and, with TLS, the CNAME target's certificate Ready; pending: no backend
 * yet or that certificate not issued. Bindings say the same for their own hostname.
 */
export function describeClusterEdge(plan: ClusterEdgePlan, decision: WorkloadBackendDecision): ClusterEdgeStatus {
  const target = plan.hostnames[0];
  const bindings = new Map<string, EdgeStatusLine>();
  for (const h of plan.hostnames) if (h.bindingId) bindings.set(h.bindingId, hostnameLine(h, decision));
  const backend = backendColumn(decision);
  if (!target) return { status: "pending", message: "No hostname to serve.", backend, bindings };
  if (decision.mode === "none") return { status: "pending", message: `Routes exist but no backend yet: ${decision.reason}.`, backend, bindings };

  const parts = [`HTTP via ${servedVia(decision)} for ${plan.hostnames.length} hostname${plan.hostnames.length === 1 ? "" : "s"}`];
  const tlsOn = plan.hostnames.some((h) => h.tls.kind !== "off");
  if (tlsOn) {
    const secure = plan.hostnames.filter((h) => h.tls.kind === "ready").length;
    const waiting = [...new Map(plan.hostnames.flatMap((h) => (h.tls.kind === "pending" ? [[h.tls.certificate, h.tls.message] as const] : []))).entries()];
    const notes = waiting.map(([cert, why]) => `certificate ${cert} not issued yet: ${trimDot(why)}`);
    const httpOnly = plan.hostnames.filter((h) => h.tls.kind === "http-only").length;
    if (httpOnly > 0) notes.push(`${httpOnly} over HTTP only`);
    parts.push(`HTTPS for ${secure} of ${plan.hostnames.length} hostnames${notes.length ? ` (${notes.join("; ")})` : ""}`);
  }
  const status = target.tls.kind === "pending" ? "pending" : "ready";
  return { status, message: `${parts.join("; ")}.`, backend, bindings };
}
