import net from "node:net";
import { cidrsOverlap, parseCidr, type Cidr } from "@/server/domain/net/cidr";
import type { JoinedNodeRouteSource, PodRoute, PodRouteRefusal } from "./pod-route";

export interface PodRoutePlan {
  /** Sorted by destination, so two passes over the same nodes produce the same plan document. */
  routes: PodRoute[];
  refused: PodRouteRefusal[];
}

interface Candidate {
  node: JoinedNodeRouteSource;
  cidr: Cidr;
}

const who = (n: JoinedNodeRouteSource) => `node ${n.nodeName} of cluster ${n.clusterId}`;

/** A podCIDR the kernel accepts as a route destination: a network address (no host bits set). */
function parseNetwork(text: string): Cidr | null {
  try {
    const cidr = parseCidr(text);
    const address = text.trim().split("/")[0]!;
    const exact = parseCidr(`${address}/${cidr.family === 4 ? 32 : 128}`);
    return exact.network === cidr.network ? cidr : null;
  } catch {
    return null;
  }
}

/**
 * The desired route set from the joined nodes of every cluster with the workload edge: one route per
 * node and pod CIDR, `podCIDR via InternalIP`. A node is refused (with its reason) when it has no pod
 * CIDR or no InternalIP, when a CIDR is not a network, when the CIDR's family differs from the
 * address's, or when its CIDR overlaps another node's (same cluster or not): both sides are refused,
 * since routing the shared range to either node would send the other's traffic to the wrong place.
 */
export function planPodRoutes(nodes: readonly JoinedNodeRouteSource[]): PodRoutePlan {
  const refused: PodRouteRefusal[] = [];
  const candidates: Candidate[] = [];
  for (const node of nodes) {
    const refuse = (reason: PodRouteRefusal["reason"], message: string) => refused.push({ clusterId: node.clusterId, nodeName: node.nodeName, reason, message });
    if (node.podCIDRs.length === 0) {
      refuse("no-pod-cidr", `${who(node)} has no spec.podCIDR; the cluster's controller-manager assigns one when --allocate-node-cidrs is on.`);
      continue;
    }
    const family = node.internalIp ? net.isIP(node.internalIp) : 0;
    if (!node.internalIp || family === 0) {
      refuse("no-internal-ip", `${who(node)} reports no InternalIP address; check the kubelet's --node-ip.`);
      continue;
    }
    const parsed = node.podCIDRs.map((text) => ({ text, cidr: parseNetwork(text) }));
    const invalid = parsed.filter((p) => p.cidr === null).map((p) => p.text);
    if (invalid.length > 0) {
      refuse("invalid-pod-cidr", `${who(node)} has pod CIDR(s) ${invalid.join(", ")} that are not network addresses.`);
      continue;
    }
    // Dual-stack: a route needs a gateway of its own family; the other family's CIDR is left out, not refused.
    const usable = parsed.map((p) => p.cidr!).filter((c) => c.family === family);
    if (usable.length === 0) {
      refuse("family-mismatch", `${who(node)} has pod CIDR(s) ${node.podCIDRs.join(", ")} but its InternalIP ${node.internalIp} is of the other IP family.`);
      continue;
    }
    for (const cidr of usable) candidates.push({ node, cidr });
  }

  const overlapping = new Map<Candidate["node"], string[]>();
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const a = candidates[i]!;
      const b = candidates[j]!;
      if (a.node === b.node || !cidrsOverlap(a.cidr, b.cidr)) continue;
      overlapping.set(a.node, [...(overlapping.get(a.node) ?? []), `${a.cidr.text} overlaps ${b.cidr.text} of ${who(b.node)}`]);
      overlapping.set(b.node, [...(overlapping.get(b.node) ?? []), `${b.cidr.text} overlaps ${a.cidr.text} of ${who(a.node)}`]);
    }
  }
  for (const [node, clashes] of overlapping) {
    refused.push({
      clusterId: node.clusterId,
      nodeName: node.nodeName,
      reason: "overlapping-pod-cidr",
      message: `${who(node)} gets no route: ${clashes.join("; ")}. Give the clusters disjoint cluster CIDRs (--cluster-cidr).`,
    });
  }

  const routes = candidates
    .filter((c) => !overlapping.has(c.node))
    .map((c) => ({ destination: c.cidr.text, gateway: c.node.internalIp!, clusterId: c.node.clusterId, nodeName: c.node.nodeName }))
    .sort((a, b) => a.destination.localeCompare(b.destination));
  refused.sort((a, b) => `${a.clusterId}/${a.nodeName}`.localeCompare(`${b.clusterId}/${b.nodeName}`));
  return { routes, refused };
}
