import { z } from "zod";
import { bucketStart, scalarFigures, type TimedSample } from "./downsample";
import { metricResolutionSchema } from "./metric-resolution";

/**
 * The history API's contract (GET /api/console/clusters/{cluster_id}/metrics, tRPC clusters.metrics):
 * the metric names, their units and the answer's shape. The console imports them from here.
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

export const clusterMetricUnits: Readonly<Record<ClusterMetricName, string>> = {
  api_request_rate: "req/s",
  api_error_rate: "req/s",
  api_latency_p50_ms: "ms",
  api_latency_p99_ms: "ms",
  api_inflight_requests: "requests",
  stored_objects: "objects",
  node_count: "nodes",
  ready_node_count: "nodes",
  probe_latency_ms: "ms",
};

/** Which stored figure each scalar metric reads (stored_objects is per kind). */
const figureOf: Readonly<Record<Exclude<ClusterMetricName, "stored_objects">, (typeof scalarFigures)[number]>> = {
  api_request_rate: "apiRequestRate",
  api_error_rate: "apiErrorRate",
  api_latency_p50_ms: "apiLatencyP50Ms",
  api_latency_p99_ms: "apiLatencyP99Ms",
  api_inflight_requests: "apiInflightRequests",
  node_count: "nodeCount",
  ready_node_count: "readyNodeCount",
  probe_latency_ms: "probeLatencyMs",
};

export const clusterMetricPointSchema = z.object({ t: z.string(), v: z.number().nullable() });
export const clusterMetricSeriesSchema = z.object({
  metric: clusterMetricNameSchema,
  /** stored_objects: the resource (e.g. "pods"); null for the other metrics. */
  label: z.string().nullable(),
  unit: z.string(),
  /** Bucket averages aligned to step_seconds; a bucket without samples is absent (a gap), v null: sampled but not measurable. */
  points: z.array(clusterMetricPointSchema),
});
export const clusterMetricsOutputSchema = z.object({
  cluster_id: z.string(),
  from: z.string(),
  to: z.string(),
  resolution: metricResolutionSchema,
  step_seconds: z.number().int(),
  last_sampled_at: z.string().nullable(),
  series: z.array(clusterMetricSeriesSchema),
});
export type ClusterMetricsOutput = z.infer<typeof clusterMetricsOutputSchema>;
export type ClusterMetricSeries = z.infer<typeof clusterMetricSeriesSchema>;

/** Longest range one request may ask for (the 1h tier's default retention). */
export const MAX_RANGE_MS = 90 * 24 * 3_600_000;
/** Roughly how many points a series may have; longer ranges get a wider step. */
export const MAX_POINTS = 500;

/**
 * The answer's step: at least the requested one, the tier's own spacing and a width that keeps a series
 * within MAX_POINTS, rounded up to a whole number of tier steps so buckets line up with stored rows.
 */
export function chooseStepSeconds(input: { requested?: number; tierSeconds: number; rangeMs: number }): number {
  const tier = Math.max(1, Math.ceil(input.tierSeconds));
  const wanted = Math.max(input.requested ?? 1, tier, Math.ceil(input.rangeMs / 1_000 / MAX_POINTS));
  return Math.ceil(wanted / tier) * tier;
}

/** Splits a `metric` query value ("a,b") into known names; unknown names are returned apart for the error. */
export function parseMetricList(value: string | undefined): { names: ClusterMetricName[]; unknown: string[] } {
  if (value === undefined || value.trim() === "") return { names: [...clusterMetricNames], unknown: [] };
  const requested = value.split(",").map((v) => v.trim()).filter((v) => v !== "");
  const known = new Set<string>(clusterMetricNames);
  return {
    names: clusterMetricNames.filter((name) => requested.includes(name)),
    unknown: requested.filter((name) => !known.has(name)),
  };
}

/** Average of the non-null values weighted by sample count; null when the bucket's samples measured nothing. */
function bucketMean(values: ReadonlyArray<{ value: number | null | undefined; weight: number }>): number | null {
  let sum = 0;
  let weight = 0;
  for (const v of values) {
    if (v.value === null || v.value === undefined || !Number.isFinite(v.value)) continue;
    sum += v.value * v.weight;
    weight += v.weight;
  }
  return weight > 0 ? sum / weight : null;
}

/**
 * The series of the answer: samples (of one tier, within [from, to)) grouped into step-wide buckets aligned to
 * the epoch; each bucket with at least one sample becomes a point at the bucket's start.
 */
export function buildSeries(samples: readonly TimedSample[], names: readonly ClusterMetricName[], stepSeconds: number): ClusterMetricSeries[] {
  const stepMs = stepSeconds * 1_000;
  const buckets = new Map<number, TimedSample[]>();
  for (const sample of [...samples].sort((a, b) => a.sampledAt.getTime() - b.sampledAt.getTime())) {
    const start = bucketStart(sample.sampledAt, stepMs).getTime();
    const list = buckets.get(start) ?? [];
    list.push(sample);
    buckets.set(start, list);
  }
  const ordered = [...buckets].sort((a, b) => a[0] - b[0]);
  const series: ClusterMetricSeries[] = [];
  for (const metric of names) {
    if (metric === "stored_objects") {
      const kinds = [...new Set(samples.flatMap((s) => Object.keys(s.storedObjects ?? {})))].sort();
      for (const kind of kinds) {
        const points = ordered
          .map(([start, list]) => {
            const having = list.filter((s) => s.storedObjects && kind in s.storedObjects);
            return having.length === 0 ? null : { t: new Date(start).toISOString(), v: bucketMean(having.map((s) => ({ value: s.storedObjects![kind], weight: s.sampleCount }))) };
          })
          .filter((p) => p !== null);
        series.push({ metric, label: kind, unit: clusterMetricUnits[metric], points });
      }
      continue;
    }
    const figure = figureOf[metric];
    series.push({
      metric,
      label: null,
      unit: clusterMetricUnits[metric],
      points: ordered.map(([start, list]) => ({ t: new Date(start).toISOString(), v: bucketMean(list.map((s) => ({ value: s[figure], weight: s.sampleCount }))) })),
    });
  }
  return series;
}

