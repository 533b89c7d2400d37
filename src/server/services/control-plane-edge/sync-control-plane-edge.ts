import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import { servedControlPlaneHosts } from "@/server/domain/clusters/served-control-plane-hosts";
import { edgeBackendsFor, selectEdgeNodeAddresses, type EdgeNodeSelection } from "@/server/domain/control-plane-edge/edge-backends";
import { EdgeConfigError, renderHaproxyConfig, sniHostname, type EdgeBackend, type EdgeRoute, type HaproxyConfigOptions } from "@/server/domain/control-plane-edge/haproxy-config";
import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { EdgeConfigWriter } from "./edge-config-writer";
import type { ControlPlaneNodePorts, HostNodeAddressReader } from "./ports";

export interface ControlPlaneEdgeSyncDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  nodePorts: ControlPlaneNodePorts;
  hostNodes: HostNodeAddressReader;
  edgeWriter: EdgeConfigWriter;
  /** Bind address/port, health checks, timeouts, stats socket of the edge (deployment settings, later). */
  haproxyOptions: HaproxyConfigOptions;
}

export interface ServedCluster {
  clusterId: string;
  hostname: string;
  /** The name a change replaced, routed here too while its grace lasts (served-control-plane-hosts.ts); empty otherwise. */
  aliases: string[];
  nodePort: number;
  /** Empty when no host node is Ready: the name is known, its connections are closed. */
  backends: EdgeBackend[];
}

export interface SkippedCluster {
  clusterId: string;
  controlPlaneHost: string | null;
  reason: string;
}

export type ControlPlaneEdgeSyncResult = {
  served: ServedCluster[];
  skipped: SkippedCluster[];
  /** Host nodes that contribute no backend address, and why. */
  ignoredNodes: EdgeNodeSelection["ignored"];
} & (
  | { outcome: "changed" | "unchanged" }
  /** The host's Nodes could not be read: nothing was rendered, the edge keeps serving its last configuration. */
  | { outcome: "not-applied"; reason: string }
);

/**
 * Clusters the edge serves: not being deleted or gone, effective public access mode `loadbalancer`
 * (public access on), and a control_plane_host. The provider is deployment-wide (issue 12), so with
 * provider `haproxy` every such cluster is served by it; there is no per-cluster choice to make.
 */
const EDGE_CANDIDATES: Prisma.ClusterWhereInput = {
  status: { notIn: [...leavingClusterStatuses] },
  publicAccessEnabled: true,
  publicAccessMode: "loadbalancer",
  controlPlaneHost: { not: null },
};

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * One pass of the HAProxy control-plane edge (docs/control-plane-edge.md "Sync from the database"):
 * reads the clusters it serves, each one's control-plane NodePort and the host's Ready nodes'
 * InternalIPs, renders the whole haproxy.cfg and applies it (an unchanged file is not reloaded).
 *
 * A cluster whose route cannot be built — no Service or NodePort yet, a failed read, a
 * control_plane_host SNI cannot carry, a hostname an older cluster already holds — is left out, logged
 * and reported in `skipped`; the others are served. If the host's Nodes cannot be read at all, nothing is
 * applied (`not-applied`): rendering without backends would cut every cluster off over one failed call.
 * A writer failure (HAProxy refused the file or the reload) throws EdgeConfigApplyError; the running
 * HAProxy then keeps its previous configuration.
 */
export async function syncControlPlaneEdge(deps: ControlPlaneEdgeSyncDeps): Promise<ControlPlaneEdgeSyncResult> {
  const rows = await deps.db.cluster.findMany({
    where: EDGE_CANDIDATES,
    select: { id: true, namespace: true, vclusterName: true, controlPlaneHost: true, previousControlPlaneHost: true, previousControlPlaneHostUntil: true, publicAccessEnabled: true, publicAccessMode: true },
    // Oldest first: when two clusters claim one hostname, the one that had it first keeps it.
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const clusters = rows.filter((c) => effectivePublicAccessMode({ enabled: c.publicAccessEnabled, mode: c.publicAccessMode }) === "loadbalancer" && c.controlPlaneHost?.trim());

  let selection: EdgeNodeSelection;
  try {
    selection = selectEdgeNodeAddresses(await deps.hostNodes.list());
  } catch (err) {
    const reason = `the host cluster's Nodes could not be read, so the edge configuration was not changed: ${message(err)}`;
    deps.log.debug("control-plane edge sync not applied", { reason });
    const skipped = clusters.map((c) => ({ clusterId: c.id, controlPlaneHost: c.controlPlaneHost, reason }));
    return { served: [], skipped, ignoredNodes: [], outcome: "not-applied", reason };
  }

  const served: ServedCluster[] = [];
  const skipped: SkippedCluster[] = [];
  const holderOf = new Map<string, string>();
  const skip = (c: (typeof clusters)[number], reason: string) => {
    skipped.push({ clusterId: c.id, controlPlaneHost: c.controlPlaneHost, reason });
    // debug: a periodic caller passes every few seconds and logs what changed between passes (composition/control-plane-edge-loop.ts).
    deps.log.debug("control-plane edge: cluster left out", { clusterId: c.id, controlPlaneHost: c.controlPlaneHost, reason });
  };

  // NodePorts are read one cluster at a time: a sync is a background pass and the host API is shared.
  for (const c of clusters) {
    let hostname: string;
    try {
      hostname = sniHostname(c.controlPlaneHost ?? "", c.id);
    } catch (err) {
      skip(c, message(err));
      continue;
    }
    const holder = holderOf.get(hostname);
    if (holder) {
      skip(c, `control_plane_host ${hostname} is already served for cluster ${holder}, which has it longer; give this cluster another control_plane_host`);
      continue;
    }
    let found;
    try {
      found = await deps.nodePorts.nodePort({ namespace: c.namespace, release: c.vclusterName });
    } catch (err) {
      skip(c, `its control-plane NodePort could not be read: ${message(err)}`);
      continue;
    }
    if ("missing" in found) {
      skip(c, `${found.missing}; it is served once the cluster's NodePort Service exists`);
      continue;
    }
    const backends = edgeBackendsFor(selection, found.nodePort);
    const route: EdgeRoute = { clusterId: c.id, hostname, backends };
    try {
      // Rendering the route alone finds what the renderer refuses for this cluster (e.g. its id), so one bad row cannot stop the rest.
      renderHaproxyConfig([route], deps.haproxyOptions);
    } catch (err) {
      if (!(err instanceof EdgeConfigError) || err.kind === "invalid-option") throw err;
      skip(c, message(err));
      continue;
    }
    holderOf.set(hostname, c.id);
    served.push({ clusterId: c.id, hostname, aliases: [], nodePort: found.nodePort, backends });
  }

  // Replaced names in their grace, after every current name is placed: a name another cluster now
  // holds as its control_plane_host stays with that cluster, and one SNI cannot carry is not routed.
  const rowOf = new Map(clusters.map((c) => [c.id, c]));
  const now = deps.now();
  for (const s of served) {
    const row = rowOf.get(s.clusterId);
    if (!row) continue;
    const [, ...previous] = servedControlPlaneHosts({ currentHost: row.controlPlaneHost, previousHost: row.previousControlPlaneHost, previousUntil: row.previousControlPlaneHostUntil }, now);
    for (const name of previous) {
      let alias: string;
      try {
        alias = sniHostname(name, s.clusterId);
      } catch {
        continue;
      }
      if (holderOf.has(alias)) continue;
      holderOf.set(alias, s.clusterId);
      s.aliases.push(alias);
    }
  }

  const config = renderHaproxyConfig(
    served.map((s) => ({ clusterId: s.clusterId, hostname: s.hostname, aliases: s.aliases, backends: s.backends })),
    deps.haproxyOptions,
  );
  const { changed } = await deps.edgeWriter.apply(config);
  deps.log[changed ? "info" : "debug"]("control-plane edge synced", { changed, served: served.length, skipped: skipped.length, ignoredNodes: selection.ignored.length });
  return { served, skipped, ignoredNodes: selection.ignored, outcome: changed ? "changed" : "unchanged" };
}
