import { z } from "zod";

/**
 * TEMPORARY copy of the history API's contract (`clusters.getClusterMetrics`, REST
 * GET /api/console/clusters/{cluster_id}/metrics) while that procedure is built on another branch.
 * At merge this file's body becomes re-exports from the domain file that owns the schemas, so the
 * charts keep importing from here and never hold a second definition.
 */

export const clusterMetricNames = [
  "api_request_rate",
  "api_error_rate",
  "api_latency_p50_ms",
  "api_latency_p99_ms",
  "api_inflight_requests",
  "stored_objects",
  "node_count",
  "ready_node_count",
  "probe_latency_ms",
] as const;
export const clusterMetricNameSchema = z.enum(clusterMetricNames);
export type ClusterMetricName = z.infer<typeof clusterMetricNameSchema>;

export const clusterMetricsInputSchema = z.object({
  cluster_id: z.string(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  step: z.number().int().positive().optional(),
  /** One name or a comma-separated list; all metrics when absent. */
  metric: z.string().optional(),
});
export type ClusterMetricsInput = z.infer<typeof clusterMetricsInputSchema>;

export const metricsResolutionSchema = z.enum(["raw", "5m", "1h"]);
export type MetricsResolution = z.infer<typeof metricsResolutionSchema>;

export const metricPointSchema = z.object({
  t: z.string(),
  /** null: a sample exists for this bucket but the figure could not be measured. A bucket without a sample is absent. */
  v: z.number().nullable(),
});
export type MetricPoint = z.infer<typeof metricPointSchema>;

export const metricSeriesSchema = z.object({
  metric: clusterMetricNameSchema,
  /** e.g. the resource of a stored_objects series ("pods"); null for single-series metrics. */
  label: z.string().nullable(),
  unit: z.string(),
  points: z.array(metricPointSchema),
});
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

export const clusterMetricsOutputSchema = z.object({
  cluster_id: z.string(),
  from: z.string(),
  to: z.string(),
  resolution: metricsResolutionSchema,
  step_seconds: z.number().int(),
  last_sampled_at: z.string().nullable(),
  series: z.array(metricSeriesSchema),
});
export type ClusterMetricsOutput = z.infer<typeof clusterMetricsOutputSchema>;
