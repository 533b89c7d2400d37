import { isAdmin, type Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import type { Cluster } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

/**
 * The one ownership check for cluster-scoped use cases: the caller's own
 * cluster, or any cluster for an admin. Another user's cluster is "not found",
 * never "forbidden", so ids cannot be probed.
 */
export async function findAccessibleCluster(deps: Pick<ServiceDeps, "db">, viewer: Viewer, clusterId: string): Promise<Cluster> {
  const cluster = await deps.db.cluster.findUnique({ where: { id: clusterId } });
  if (!cluster || (cluster.ownerId !== viewer.id && !isAdmin(viewer))) throw notFound(`Cluster ${clusterId}`);
  return cluster;
}
