import { connectionStatuses, leavingClusterStatuses, type ConnectionStatus } from "@/server/domain/clusters/cluster-states";
import type { ServiceDeps } from "@/server/services/service-deps";

/**
 * How many live clusters (not deleting or deleted) have each connection status — every status listed,
 * zero included, so "unreachable" is 0 rather than absent. Feeds kubebyon_clusters on /metrics.
 */
export async function countClustersByConnectionStatus(deps: Pick<ServiceDeps, "db">): Promise<Record<ConnectionStatus, number>> {
  const groups = await deps.db.cluster.groupBy({
    by: ["connectionStatus"],
    where: { status: { notIn: [...leavingClusterStatuses] } },
    _count: { _all: true },
  });
  const counts = Object.fromEntries(connectionStatuses.map((s) => [s, 0])) as Record<ConnectionStatus, number>;
  for (const g of groups) counts[g.connectionStatus] = g._count._all;
  return counts;
}
