import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import type { Prisma } from "@/server/infra/db/client";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { JoinedNodeRouteReader, JoinedNodeRouteSourceList } from "./ports";

/** Clusters whose workload edge is live: not leaving, managed workload ingress on and ready. */
const EDGE_CLUSTERS: Prisma.ClusterWhereInput = {
  status: { notIn: [...leavingClusterStatuses] },
  managedWorkloadIngressEnabled: true,
  managedWorkloadIngressStatus: "ready",
};

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Every joined node of every cluster with a live workload edge, read through each cluster's own API server.
 * A cluster that cannot be read (not reachable, credentials refused, not ready to connect) is listed as
 * unreadable with the reason, so the caller keeps its routes instead of deleting them.
 */
export function joinedNodeRouteSources(deps: Pick<ServiceDeps, "db"> & ClusterConnectionDeps & { reader: JoinedNodeRouteReader }): JoinedNodeRouteSourceList {
  return {
    async list() {
      const clusters = await deps.db.cluster.findMany({ where: EDGE_CLUSTERS, orderBy: { id: "asc" } });
      const read = await Promise.all(
        clusters.map(async (cluster) => {
          try {
            const { credentials } = await connectToCluster(deps, cluster);
            return { nodes: await deps.reader.list(cluster.id, credentials) };
          } catch (err) {
            return { unreadable: { clusterId: cluster.id, message: message(err) } };
          }
        }),
      );
      return {
        nodes: read.flatMap((r) => r.nodes ?? []),
        unreadable: read.flatMap((r) => (r.unreadable ? [r.unreadable] : [])),
      };
    },
  };
}
