import type { ClusterMetricName, MetricSeries } from "./metrics-contract";
import { latestValue, seriesKey } from "./metrics-rows";

export type ChartGroupId = "requests" | "latency" | "inflight" | "nodes" | "storedObjects" | "probeLatency";
export type ChartUnit = "reqPerSecond" | "ms" | "requests" | "nodes" | "objects";

export interface ChartGroup {
  id: ChartGroupId;
  metrics: readonly ClusterMetricName[];
  unit: ChartUnit;
}

/** The charts of the cluster page, in order, and the metrics each one draws. */
export const CHART_GROUPS: readonly ChartGroup[] = [
  { id: "requests", metrics: ["api_request_rate", "api_error_rate"], unit: "reqPerSecond" },
  { id: "latency", metrics: ["api_latency_p50_ms", "api_latency_p99_ms"], unit: "ms" },
  { id: "inflight", metrics: ["api_inflight_requests"], unit: "requests" },
  { id: "nodes", metrics: ["node_count", "ready_node_count"], unit: "nodes" },
  { id: "storedObjects", metrics: ["stored_objects"], unit: "objects" },
  { id: "probeLatency", metrics: ["probe_latency_ms"], unit: "ms" },
];

/** Stored objects come one series per resource; more lines than this are unreadable. */
export const TOP_STORED_KINDS = 6;

/** Colours of a chart's lines in order (Tailwind 600s: readable on white and on zinc-900). */
const LINE_COLORS = ["#4f46e5", "#dc2626", "#059669", "#d97706", "#0284c7", "#c026d3", "#52525b"];

export interface ChartLine {
  key: string;
  metric: ClusterMetricName;
  /** The resource of a stored_objects line ("pods"); null for the other metrics. */
  label: string | null;
  color: string;
  series: MetricSeries;
}

/**
 * The lines one chart draws: its metrics in the group's order; for stored objects the
 * TOP_STORED_KINDS resources with the most objects now (ties by name, so the choice is stable).
 */
export function chartLines(group: ChartGroup, series: readonly MetricSeries[]): ChartLine[] {
  const picked: Array<{ metric: ClusterMetricName; s: MetricSeries }> = [];
  for (const metric of group.metrics) {
    const ofMetric = series.filter((s) => s.metric === metric);
    if (metric !== "stored_objects") {
      picked.push(...ofMetric.map((s) => ({ metric, s })));
      continue;
    }
    const ranked = ofMetric
      .map((s) => ({ s, latest: latestValue(s)?.v ?? -1 }))
      .sort((a, b) => b.latest - a.latest || (a.s.label ?? "").localeCompare(b.s.label ?? ""));
    picked.push(...ranked.slice(0, TOP_STORED_KINDS).map((r) => ({ metric, s: r.s })));
  }
  return picked.map(({ metric, s }, i) => ({ key: seriesKey(s), metric, label: s.label, color: LINE_COLORS[i % LINE_COLORS.length] ?? "#52525b", series: s }));
}
