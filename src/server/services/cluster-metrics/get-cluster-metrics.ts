import type { Viewer } from "@/server/domain/auth/viewer";
import { buildSeries, chooseStepSeconds, type ClusterMetricsOutput } from "@/server/domain/cluster-metrics/cluster-metrics-history";
import { toClusterMetricsQuery, type ClusterMetricsRequest } from "@/server/domain/cluster-metrics/cluster-metrics-query";
import { resolutionCovering, ROLLUP_BUCKET_MS, type MetricResolution, type MetricRetention } from "@/server/domain/cluster-metrics/metric-resolution";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toTimedSample } from "./stored-sample";

/** The history read's settings: the tiers' retention and the raw tier's spacing (the collect interval). */
export interface ClusterMetricsReadSettings {
  retention: MetricRetention;
  collectIntervalSeconds: number;
}

const tierSeconds = (resolution: MetricResolution, settings: ClusterMetricsReadSettings) =>
  resolution === "raw" ? settings.collectIntervalSeconds : ROLLUP_BUCKET_MS[resolution] / 1_000;

/**
 * A cluster's control-plane metrics over [from, to) (docs/metrics.md "History API"): owner-scoped like every
 * cluster read; reads the finest tier whose retention still covers `from` and averages it into step buckets.
 */
export async function getClusterMetrics(
  deps: Pick<ServiceDeps, "db" | "now">,
  settings: ClusterMetricsReadSettings,
  viewer: Viewer,
  clusterId: string,
  request: ClusterMetricsRequest,
): Promise<ClusterMetricsOutput> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const now = deps.now();
  const query = toClusterMetricsQuery(request, now);
  const resolution = resolutionCovering(settings.retention, query.from, now);
  const stepSeconds = chooseStepSeconds({ requested: query.step, tierSeconds: tierSeconds(resolution, settings), rangeMs: query.to.getTime() - query.from.getTime() });
  const [rows, latest] = await Promise.all([
    deps.db.controlPlaneMetricSample.findMany({
      where: { clusterId: cluster.id, resolution, sampledAt: { gte: query.from, lt: query.to } },
      orderBy: { sampledAt: "asc" },
    }),
    deps.db.controlPlaneMetricSample.findFirst({ where: { clusterId: cluster.id, resolution: "raw" }, orderBy: { sampledAt: "desc" }, select: { sampledAt: true } }),
  ]);
  return {
    cluster_id: cluster.id,
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    resolution,
    step_seconds: stepSeconds,
    last_sampled_at: latest?.sampledAt.toISOString() ?? null,
    series: buildSeries(rows.map(toTimedSample), query.names, stepSeconds),
  };
}
