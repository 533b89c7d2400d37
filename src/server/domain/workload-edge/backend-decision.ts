import { isIP } from "node:net";
import type { HostNodeAddresses } from "@/server/domain/clusters/nodeport-host-address";
import { selectEdgeNodeAddresses } from "@/server/domain/control-plane-edge/edge-backends";
import type { WorkloadBackendTarget } from "./workload-objects";

/** The port the managed ingress controller's pods serve plain HTTP on (ingress-nginx: containerPort http 80). */
export const CONTROLLER_POD_HTTP_PORT = 80;

/**
 * What the syncer read through the cluster's own API about its managed ingress controller
 * (profile readiness.deployment's pods, readiness.service's `http` NodePort) and the cluster's joined Nodes.
 */
export interface ControllerBackendView {
  pods: ReadonlyArray<{ name: string; ip: string | null; ready: boolean }>;
  /** The controller Service's NodePort of its `http` port; null when it has none (yet). */
  httpNodePort: number | null;
  nodes: readonly HostNodeAddresses[];
}

export type WorkloadBackendMode = "pod-ip" | "node-port";

export type WorkloadBackendDecision =
  | ({
      mode: WorkloadBackendMode;
      reason: string;
      /** NodePort fallback only: the node addresses that did not accept a TCP connect on the NodePort (withNodePortProbe). */
      silentAddresses?: readonly string[];
    } & WorkloadBackendTarget)
  /** Neither a reachable pod nor a Ready node with a NodePort: the route exists, the shim has no endpoints. */
  | { mode: "none"; reason: string };

/** The Ready controller pods with an IP: the ones a PodIP endpoint could point at. */
export function probeablePods(view: Pick<ControllerBackendView, "pods">): Array<{ name: string; ip: string }> {
  return view.pods
    .filter((p): p is { name: string; ip: string; ready: true } => p.ready && typeof p.ip === "string" && isIP(p.ip) !== 0)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, ip }) => ({ name, ip }));
}

/**
 * The reachability decision (docs/workload-edge.md "Which address the shim uses"). PodIP:80 only when
 * EVERY Ready controller pod answered a TCP connect from this process: the EndpointSlice spreads requests
 * over all its endpoints and the Gateway does no health check on them, so one unreachable pod among them
 * would fail a share of requests. Otherwise every Ready joined node's InternalIP with the controller
 * Service's http NodePort: kube-proxy on each node forwards a NodePort to the controller wherever it runs,
 * and the InternalIP is the address the host network routes (as the control-plane edge, edge-backends.ts).
 */
export function decideWorkloadBackend(view: ControllerBackendView, reachableIps: ReadonlySet<string>): WorkloadBackendDecision {
  const pods = probeablePods(view);
  const unreachable = pods.filter((p) => !reachableIps.has(p.ip));
  if (pods.length > 0 && unreachable.length === 0) {
    return {
      mode: "pod-ip",
      addresses: pods.map((p) => p.ip),
      port: CONTROLLER_POD_HTTP_PORT,
      reason: `every Ready controller pod answered on its pod IP port ${CONTROLLER_POD_HTTP_PORT} (${pods.map((p) => p.ip).join(", ")})`,
    };
  }
  const why =
    pods.length === 0
      ? "no Ready controller pod has a pod IP"
      : `the platform could not connect to controller pod ${unreachable.map((p) => `${p.name} (${p.ip}:${CONTROLLER_POD_HTTP_PORT})`).join(", ")}, so pod IPs are not routable from the host`;
  if (view.httpNodePort === null) return { mode: "none", reason: `${why}, and the controller Service has no http NodePort` };
  const nodes = selectEdgeNodeAddresses(view.nodes);
  if (nodes.addresses.length === 0) return { mode: "none", reason: `${why}, and no joined node is Ready with an InternalIP` };
  return {
    mode: "node-port",
    addresses: nodes.addresses.map((a) => a.address),
    port: view.httpNodePort,
    reason: `${why}; using the joined nodes' InternalIP with the controller's NodePort ${view.httpNodePort}`,
  };
}

/**
 * The NodePort fallback probed as the pod IPs are: which node addresses did not accept a connection on the NodePort.
 * They stay in the EndpointSlice (the probe is a proxy for the Gateway's data plane, and taking every node out on a
 * wrong probe would take the site down), but the status names them: the Gateway sends a share of requests there.
 */
export function withNodePortProbe(decision: WorkloadBackendDecision, reachable: ReadonlySet<string>): WorkloadBackendDecision {
  if (decision.mode !== "node-port") return decision;
  return { ...decision, silentAddresses: decision.addresses.filter((a) => !reachable.has(a)) };
}
