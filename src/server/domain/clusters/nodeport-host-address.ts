/**
 * The host address of a NodePort control plane when the cluster has no
 * control_plane_host (walkthrough §5.5: https://<HOST_IP>:<NodePort>). The
 * admin's setting nodeport_host_address wins; otherwise it is derived from the
 * host cluster's Ready Nodes. The same address goes into
 * controlPlane.proxy.extraSANs (before helm runs), api_endpoint, the user
 * kubeconfig and direct_join_command, so all of them verify against the
 * vCluster's certificate.
 */

export interface HostNodeAddresses {
  name: string;
  ready: boolean;
  /** status.addresses of the Node. */
  addresses: ReadonlyArray<{ type: string; address: string }>;
}

export type NodePortHostAddress = { address: string; source: "setting" | "node"; nodeName?: string } | { missing: string };

/**
 * Deterministic: Ready Nodes sorted by name; the first ExternalIP of any of
 * them, else the first InternalIP. An ExternalIP is preferred across nodes
 * because users reach the control plane from outside the host's network.
 */
export function chooseNodePortHostAddress(setting: string | null | undefined, nodes: readonly HostNodeAddresses[]): NodePortHostAddress {
  const configured = setting?.trim();
  if (configured) return { address: configured, source: "setting" };
  const ready = nodes.filter((n) => n.ready).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const type of ["ExternalIP", "InternalIP"]) {
    for (const node of ready) {
      const found = node.addresses.find((a) => a.type === type && a.address.trim() !== "");
      if (found) return { address: found.address.trim(), source: "node", nodeName: node.name };
    }
  }
  return {
    missing: ready.length === 0 ? "the host cluster has no Ready Node to take the NodePort address from" : "no Ready host Node reports an ExternalIP or InternalIP",
  };
}
