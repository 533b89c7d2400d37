import type { RouterInputs } from "@/lib/trpc/router-types";

/**
 * The history API's contract (`clusters.metrics`, REST GET /api/console/clusters/{cluster_id}/metrics) as the charts
 * use it: the schemas live with the domain (src/server/domain/cluster-metrics/cluster-metrics-history.ts).
 */
export {
  clusterMetricNames,
  clusterMetricNameSchema,
  type ClusterMetricName,
  clusterMetricsOutputSchema,
  type ClusterMetricsOutput,
  clusterMetricSeriesSchema as metricSeriesSchema,
  type ClusterMetricSeries as MetricSeries,
} from "@/server/domain/cluster-metrics/cluster-metrics-history";
export type ClusterMetricsInput = RouterInputs["clusters"]["metrics"];
