import type { PodRoute } from "./pod-route";

/** A route as read from the host's table: destination in CIDR form (a bare address is a /32 or /128), gateway if any. */
export interface InstalledRoute {
  destination: string;
  gateway: string | null;
}

/** What the host's table holds now, split by the platform's marker. */
export interface InstalledRoutes {
  /** Routes carrying the platform's marker (`proto <N>`): the only ones a diff may change or delete. */
  marked: readonly InstalledRoute[];
  /** Every other route of the same table (the CNI's, the operator's, the kernel's): never touched. */
  foreign: readonly InstalledRoute[];
}

export interface PodRouteDiff {
  /** Missing, or present with the marker but another gateway: `ip route replace … proto <N>`. */
  replace: PodRoute[];
  /** Marked routes no longer desired: `ip route del <dst> proto <N>`. */
  delete: string[];
  /** Desired routes whose destination a foreign route already holds: left alone, reported. */
  blocked: Array<{ route: PodRoute; message: string }>;
  unchanged: PodRoute[];
}

/**
 * current → desired, touching only marked routes. A desired destination that a foreign route holds is
 * blocked rather than replaced: `ip route replace` keys on the destination, not the protocol, so
 * replacing it would take over the operator's (or the CNI's) route.
 */
export function diffPodRoutes(current: InstalledRoutes, desired: readonly PodRoute[]): PodRouteDiff {
  const marked = new Map(current.marked.map((r) => [r.destination, r]));
  const foreign = new Map(current.foreign.map((r) => [r.destination, r]));
  const wanted = new Set(desired.map((r) => r.destination));
  const diff: PodRouteDiff = { replace: [], delete: [], blocked: [], unchanged: [] };
  for (const route of desired) {
    const held = foreign.get(route.destination);
    if (held && !marked.has(route.destination)) {
      diff.blocked.push({
        route,
        message: `${route.destination} (node ${route.nodeName} of cluster ${route.clusterId}) is already routed${held.gateway ? ` via ${held.gateway}` : ""} by a route the platform does not own; remove that route or change the cluster's pod CIDR.`,
      });
      continue;
    }
    const mine = marked.get(route.destination);
    if (mine && mine.gateway === route.gateway) diff.unchanged.push(route);
    else diff.replace.push(route);
  }
  for (const destination of marked.keys()) if (!wanted.has(destination)) diff.delete.push(destination);
  diff.delete.sort();
  return diff;
}
