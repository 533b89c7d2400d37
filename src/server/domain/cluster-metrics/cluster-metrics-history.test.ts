import { describe, expect, it } from "vitest";
import { buildSeries, chooseStepSeconds, clusterMetricNames, clusterMetricsOutputSchema, parseMetricList } from "./cluster-metrics-history";
import type { TimedSample } from "./downsample";

const sample = (iso: string, figures: Partial<TimedSample> = {}): TimedSample => ({
  sampledAt: new Date(iso),
  sampleCount: 1,
  apiRequestRate: null,
  apiErrorRate: null,
  apiLatencyP50Ms: null,
  apiLatencyP99Ms: null,
  apiInflightRequests: null,
  storedObjects: null,
  nodeCount: null,
  readyNodeCount: null,
  probeLatencyMs: null,
  ...figures,
});

describe("chooseStepSeconds", () => {
  it("takes the largest of the requested step, the tier's spacing and a width for at most ~500 points", () => {
    expect(chooseStepSeconds({ tierSeconds: 30, rangeMs: 3_600_000 })).toBe(30);
    expect(chooseStepSeconds({ requested: 60, tierSeconds: 30, rangeMs: 3_600_000 })).toBe(60);
    expect(chooseStepSeconds({ requested: 1, tierSeconds: 30, rangeMs: 3_600_000 })).toBe(30);
    // 24 h / 500 = 172.8 s → 173 → a whole number of 30 s steps: 180.
    expect(chooseStepSeconds({ tierSeconds: 30, rangeMs: 24 * 3_600_000 })).toBe(180);
    expect(chooseStepSeconds({ tierSeconds: 3_600, rangeMs: 90 * 24 * 3_600_000 })).toBe(18_000);
  });
});

describe("parseMetricList", () => {
  it("defaults to every metric and splits a comma-separated list, reporting unknown names", () => {
    expect(parseMetricList(undefined).names).toEqual([...clusterMetricNames]);
    expect(parseMetricList(" api_request_rate , node_count ")).toEqual({ names: ["api_request_rate", "node_count"], unknown: [] });
    expect(parseMetricList("api_request_rate,cpu")).toEqual({ names: ["api_request_rate"], unknown: ["cpu"] });
  });
});

describe("buildSeries", () => {
  const samples = [
    sample("2026-12-04T10:00:05Z", { apiRequestRate: null, nodeCount: 2, storedObjects: { pods: 4 } }),
    sample("2026-12-04T10:00:35Z", { apiRequestRate: 3, nodeCount: 2, storedObjects: { pods: 6, secrets: 1 } }),
    sample("2026-12-04T10:03:10Z", { apiRequestRate: 5, nodeCount: 1 }),
  ];

  it("averages per step bucket aligned to the step; buckets without samples are absent, unmeasured figures null", () => {
    const series = buildSeries(samples, ["api_request_rate", "node_count", "api_latency_p99_ms"], 60);
    expect(series).toEqual([
      { metric: "api_request_rate", label: null, unit: "req/s", points: [{ t: "2026-12-04T10:00:00.000Z", v: 3 }, { t: "2026-12-04T10:03:00.000Z", v: 5 }] },
      { metric: "node_count", label: null, unit: "nodes", points: [{ t: "2026-12-04T10:00:00.000Z", v: 2 }, { t: "2026-12-04T10:03:00.000Z", v: 1 }] },
      { metric: "api_latency_p99_ms", label: null, unit: "ms", points: [{ t: "2026-12-04T10:00:00.000Z", v: null }, { t: "2026-12-04T10:03:00.000Z", v: null }] },
    ]);
  });

  it("gives stored_objects one series per kind, labelled with the resource", () => {
    const series = buildSeries(samples, ["stored_objects"], 60);
    expect(series).toEqual([
      { metric: "stored_objects", label: "pods", unit: "objects", points: [{ t: "2026-12-04T10:00:00.000Z", v: 5 }] },
      { metric: "stored_objects", label: "secrets", unit: "objects", points: [{ t: "2026-12-04T10:00:00.000Z", v: 1 }] },
    ]);
  });

  it("fits the exported output schema", () => {
    const answer = {
      cluster_id: "cl_x",
      from: "2026-12-04T10:00:00.000Z",
      to: "2026-12-04T11:00:00.000Z",
      resolution: "raw",
      step_seconds: 60,
      last_sampled_at: null,
      series: buildSeries(samples, [...clusterMetricNames], 60),
    };
    expect(clusterMetricsOutputSchema.parse(answer)).toEqual(answer);
  });
});
