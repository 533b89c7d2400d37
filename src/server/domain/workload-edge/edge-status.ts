import type { RouteVerdict } from "@/server/domain/gateway-api/route-acceptance";
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
  const edge: ClusterEdgeStatus = { status, message: `${parts.join("; ")}.`, backend, bindings };
  const silent = decision.mode === "node-port" ? (decision.silentAddresses ?? []) : [];
  if (silent.length === 0) return edge;
  const where = silent.map((a) => `${a.includes(":") ? `[${a}]` : a}:${decision.port}`).join(", ");
  const note = `NodePort address ${where} did not accept a TCP connection from the platform, so the requests the Gateway sends there fail: check that the node is up, that kube-proxy runs on it and that its firewall admits the host's traffic to port ${decision.port}.`;
  return degradeEdge(edge, { status: "error", message: note });
}

const rank: Record<EdgeStatus, number> = { disabled: 0, ready: 1, pending: 2, error: 3 };
const worse = (a: EdgeStatus, b: EdgeStatus): EdgeStatus => (rank[b] > rank[a] ? b : a);

/**
 * A finding that holds for every route of the cluster (a node that refuses, the Gateway controller's verdict) joins the
 * cluster's and each served binding's line: the status becomes the worse of the two, the message says both.
 */
function degradeEdge(edge: ClusterEdgeStatus, finding: EdgeStatusLine): ClusterEdgeStatus {
  const join = (line: EdgeStatusLine): EdgeStatusLine => ({ status: worse(line.status, finding.status), message: `${line.message} ${finding.message}` });
  const bindings = new Map([...edge.bindings].map(([id, line]) => [id, line.status === "pending" && finding.status !== "error" ? line : join(line)]));
  return { ...join(edge), backend: edge.backend, bindings };
}

/**
 * The Gateway controller's verdict on the cluster's routes (route-acceptance.ts), read back after applying them:
 * the edge is `ready` only when the controller accepted every route and programmed their listeners.
 */
export function withRouteVerdict(edge: ClusterEdgeStatus, verdict: RouteVerdict | null): ClusterEdgeStatus {
  if (!verdict || verdict.status === "ready") return edge;
  return degradeEdge(edge, verdict);
}
