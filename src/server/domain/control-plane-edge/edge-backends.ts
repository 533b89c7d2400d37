import { isIP } from "node:net";
import type { HostNodeAddresses } from "@/server/domain/clusters/nodeport-host-address";
import type { EdgeBackend } from "./haproxy-config";

/**
 * Which address of each host node the HAProxy edge sends a cluster's connections to: every InternalIP
 * (IPv4 and IPv6 on a dual-stack node) of every Ready node. InternalIP, not ExternalIP, because the edge
 * runs beside the host cluster (a Deployment in it, or a machine on its network): the internal address is
 * the one that is routable from there and reaches kube-proxy's NodePort directly, while an ExternalIP is
 * often a NAT or cloud address that does not hairpin back into the network. (Users connecting to a
 * NodePort themselves get an ExternalIP first — nodeport-host-address.ts — because they are outside.)
 * A node that is not Ready is left out so HAProxy never routes to it, and a value that is not an IP
 * literal is left out because the edge's configuration must not depend on a resolver.
 */
export interface EdgeNodeSelection {
  /** The addresses to route to, sorted by node name then address. */
  addresses: Array<{ nodeName: string; address: string }>;
  /** Nodes that contribute no address, and why (for the sync's result and log). */
  ignored: Array<{ nodeName: string; reason: string }>;
}

export function selectEdgeNodeAddresses(nodes: readonly HostNodeAddresses[]): EdgeNodeSelection {
  const addresses: EdgeNodeSelection["addresses"] = [];
  const ignored: EdgeNodeSelection["ignored"] = [];
  for (const node of [...nodes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!node.ready) {
      ignored.push({ nodeName: node.name, reason: "the node is not Ready" });
      continue;
    }
    const internal = node.addresses.filter((a) => a.type === "InternalIP").map((a) => a.address.trim());
    const usable = [...new Set(internal.filter((a) => isIP(a) !== 0))].sort();
    if (usable.length === 0) {
      ignored.push({
        nodeName: node.name,
        reason: internal.length === 0 ? "the node reports no InternalIP" : `the node's InternalIP ${internal.join(", ")} is not an IP address`,
      });
      continue;
    }
    for (const address of usable) addresses.push({ nodeName: node.name, address });
  }
  return { addresses, ignored };
}

/** The backends of one cluster: each selected node address with the cluster's NodePort. */
export function edgeBackendsFor(selection: EdgeNodeSelection, nodePort: number): EdgeBackend[] {
  return selection.addresses.map(({ address }) => ({ address, port: nodePort }));
}
