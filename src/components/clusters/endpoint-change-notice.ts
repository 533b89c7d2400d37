import type { ClusterItem, NodeItem } from "./cluster-types";

type ChangeFields = Pick<ClusterItem, "control_plane_host" | "api_endpoint" | "previous_control_plane_host" | "previous_control_plane_host_until" | "control_plane_host_changed_at">;

/**
 * The nodes that joined before the served public name last changed: their kubelets were given the
 * old name. Judged by the Node object's creation (created_at); a node re-joined under the same name
 * keeps its Node object, so it counts as joined before until it is deleted and joins again.
 */
export function nodesJoinedBeforeChange(cluster: Pick<ChangeFields, "control_plane_host_changed_at">, nodes: readonly Pick<NodeItem, "name" | "created_at">[]): string[] {
  const changedAt = cluster.control_plane_host_changed_at ? Date.parse(cluster.control_plane_host_changed_at) : Number.NaN;
  if (Number.isNaN(changedAt)) return [];
  return nodes.filter((n) => n.created_at !== null && Date.parse(n.created_at) < changedAt).map((n) => n.name);
}

/**
 * What the cluster page tells the owner after a public-name change, or null when no node is affected.
 * `grace`: the old name is still in the certificate until `until`; `ended`: it no longer is (grace over,
 * or none configured), so those nodes fail TLS on it now.
 */
export type EndpointChangeNotice =
  | { kind: "grace"; nodes: string[]; newName: string; changedAt: string; oldName: string; until: string }
  | { kind: "ended"; nodes: string[]; newName: string; changedAt: string };

function newNameOf(cluster: ChangeFields): string | null {
  if (cluster.control_plane_host?.trim()) return cluster.control_plane_host.trim();
  if (!cluster.api_endpoint) return null;
  try {
    return new URL(cluster.api_endpoint).host;
  } catch {
    return null;
  }
}

export function endpointChangeNotice(cluster: ChangeFields, nodes: readonly Pick<NodeItem, "name" | "created_at">[], now: Date): EndpointChangeNotice | null {
  const affected = nodesJoinedBeforeChange(cluster, nodes);
  const changedAt = cluster.control_plane_host_changed_at;
  if (!affected.length || !changedAt) return null;
  const newName = newNameOf(cluster) ?? "—";
  const until = cluster.previous_control_plane_host_until;
  if (cluster.previous_control_plane_host && until && Date.parse(until) > now.getTime()) {
    return { kind: "grace", nodes: affected, newName, changedAt, oldName: cluster.previous_control_plane_host, until };
  }
  return { kind: "ended", nodes: affected, newName, changedAt };
}
