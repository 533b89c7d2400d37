import { describe, expect, it } from "vitest";
import type { ClusterMetricName, MetricSeries } from "./metrics-contract";
import { CHART_GROUPS, chartLines, TOP_STORED_KINDS } from "./metric-chart-groups";
import { firstPointAt, latestValue, seriesKey, seriesToRows, startsBeforeFirstSample } from "./metrics-rows";

const at = (minute: number) => `2026-12-04T15:${String(minute).padStart(2, "0")}:00.000Z`;
const ms = (minute: number) => Date.parse(at(minute));
const series = (metric: ClusterMetricName, label: string | null, points: Array<[number, number | null]>, unit = "req/s"): MetricSeries => ({
  metric,
  label,
  unit,
  points: points.map(([m, v]) => ({ t: at(m), v })),
});

describe("series to chart rows", () => {
  it("merges series by timestamp into one row per time, sorted", () => {
    const rows = seriesToRows([series("api_request_rate", null, [[2, 5], [1, 4]]), series("api_error_rate", null, [[1, 0], [2, 0.5]])], 60);
    expect(rows).toEqual([
      { t: ms(1), api_request_rate: 4, api_error_rate: 0 },
      { t: ms(2), api_request_rate: 5, api_error_rate: 0.5 },
    ]);
  });

  it("breaks the line one step after a point followed by missing buckets", () => {
    const rows = seriesToRows([series("node_count", null, [[0, 1], [1, 1], [5, 2]], "nodes")], 60);
    expect(rows).toEqual([
      { t: ms(0), node_count: 1 },
      { t: ms(1), node_count: 1 },
      { t: ms(2), node_count: null },
      { t: ms(5), node_count: 2 },
    ]);
  });

  it("does not count a late scrape (under one and a half steps) as a gap", () => {
    const late: MetricSeries = { metric: "node_count", label: null, unit: "nodes", points: [{ t: at(0), v: 1 }, { t: "2026-12-04T15:01:20.000Z", v: 1 }] };
    expect(seriesToRows([late], 60).map((r) => r.node_count)).toEqual([1, 1]);
  });

  it("keeps a sampled but unmeasurable value as null", () => {
    expect(seriesToRows([series("api_latency_p99_ms", null, [[0, 12], [1, null], [2, 14]], "ms")], 60).map((r) => r.api_latency_p99_ms)).toEqual([12, null, 14]);
  });

  it("keys stored objects by resource and never overwrites another series' value with a break", () => {
    const rows = seriesToRows([series("stored_objects", "pods", [[0, 10], [3, 12]], "objects"), series("stored_objects", "secrets", [[0, 4], [1, 4], [3, 5]], "objects")], 60);
    expect(rows).toEqual([
      { t: ms(0), "stored_objects:pods": 10, "stored_objects:secrets": 4 },
      { t: ms(1), "stored_objects:pods": null, "stored_objects:secrets": 4 },
      { t: ms(2), "stored_objects:secrets": null },
      { t: ms(3), "stored_objects:pods": 12, "stored_objects:secrets": 5 },
    ]);
    expect(seriesKey({ metric: "stored_objects", label: "pods" })).toBe("stored_objects:pods");
  });

  it("is empty without points", () => {
    expect(seriesToRows([], 60)).toEqual([]);
    expect(seriesToRows([series("node_count", null, [])], 60)).toEqual([]);
  });
});

describe("partial ranges and latest values", () => {
  it("finds the first sample and says when the window starts well before it", () => {
    const s = [series("node_count", null, [[30, 1], [31, 1]]), series("api_request_rate", null, [[29, 1]])];
    expect(firstPointAt(s)).toBe(ms(29));
    expect(startsBeforeFirstSample(s, at(0), 60)).toBe(true);
    expect(startsBeforeFirstSample(s, at(28), 60)).toBe(false);
    expect(startsBeforeFirstSample([], at(0), 60)).toBe(false);
  });

  it("takes the newest measurable value", () => {
    expect(latestValue(series("node_count", null, [[1, 3], [3, null], [2, 5]]))).toEqual({ t: at(2), v: 5 });
    expect(latestValue(series("node_count", null, [[1, null]]))).toBeNull();
  });
});

describe("chart lines", () => {
  const group = (id: string) => CHART_GROUPS.find((g) => g.id === id)!;

  it("draws each chart's metrics in its order", () => {
    const s = [series("api_error_rate", null, [[0, 1]]), series("api_request_rate", null, [[0, 9]]), series("node_count", null, [[0, 1]])];
    expect(chartLines(group("requests"), s).map((l) => l.key)).toEqual(["api_request_rate", "api_error_rate"]);
    expect(chartLines(group("latency"), s)).toEqual([]);
  });

  it("keeps the stored object kinds with the most objects now, ties by name", () => {
    const kinds = ["a", "b", "c", "d", "e", "f", "g", "h"].map((k, i) => series("stored_objects", k, [[0, 100], [1, i % 4]], "objects"));
    const lines = chartLines(group("storedObjects"), kinds);
    expect(lines).toHaveLength(TOP_STORED_KINDS);
    expect(lines.map((l) => l.label)).toEqual(["d", "h", "c", "g", "b", "f"]);
    expect(new Set(lines.map((l) => l.color)).size).toBe(TOP_STORED_KINDS);
  });
});
