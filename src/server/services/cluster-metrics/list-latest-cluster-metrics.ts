import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import type { ClusterMetricsReading } from "@/server/observability/cluster-metric-gauges";
import type { ServiceDeps } from "@/server/services/service-deps";

/** A cluster's newest raw sample, as the platform's /metrics shows it (the gauges' reading). */
export type LatestClusterMetrics = ClusterMetricsReading;

/**
 * The newest raw sample of each cluster sampled within `maxAgeMs` (a cluster the collector stopped reaching
 * drops out after a few intervals) and not on its way out; a deleted cluster's rows go with it.
 */
export async function listLatestClusterMetrics(deps: Pick<ServiceDeps, "db" | "now">, maxAgeMs: number): Promise<LatestClusterMetrics[]> {
  const since = new Date(deps.now().getTime() - maxAgeMs);
  return deps.db.controlPlaneMetricSample.findMany({
    where: { resolution: "raw", sampledAt: { gte: since }, cluster: { status: { notIn: [...leavingClusterStatuses] } } },
    orderBy: [{ clusterId: "asc" }, { sampledAt: "desc" }],
    distinct: ["clusterId"],
    select: {
      clusterId: true,
      sampledAt: true,
      apiRequestRate: true,
      apiErrorRate: true,
      apiLatencyP50Ms: true,
      apiLatencyP99Ms: true,
      apiInflightRequests: true,
      nodeCount: true,
      readyNodeCount: true,
      probeLatencyMs: true,
    },
  });
}
