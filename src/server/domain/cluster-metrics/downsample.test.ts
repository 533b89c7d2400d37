import { describe, expect, it } from "vitest";
import { averageFigures, downsample, type TimedSample } from "./downsample";
import { resolutionCovering, retentionCutoff, type MetricRetention } from "./metric-resolution";

const sample = (iso: string, rate: number | null, extra: Partial<TimedSample> = {}): TimedSample => ({
  sampledAt: new Date(iso),
  sampleCount: 1,
  apiRequestRate: rate,
  apiErrorRate: 0,
  apiLatencyP50Ms: null,
  apiLatencyP99Ms: null,
  apiInflightRequests: 1,
  storedObjects: { pods: 10 },
  nodeCount: 2,
  readyNodeCount: 1,
  probeLatencyMs: 5,
  ...extra,
});

describe("downsample", () => {
  const fiveMinutes = 5 * 60_000;

  it("averages rates and gauges per bucket, skipping unmeasured values, one row per ended bucket", () => {
    const rows = downsample(
      [
        sample("2026-12-04T10:00:10Z", null),
        sample("2026-12-04T10:00:40Z", 4),
        sample("2026-12-04T10:04:50Z", 8, { storedObjects: { pods: 13, secrets: 2 } }),
        sample("2026-12-04T10:05:10Z", 100),
        sample("2026-12-04T10:12:00Z", 1),
      ],
      fiveMinutes,
      new Date("2026-12-04T10:13:00Z"),
    );
    expect(rows.map((r) => r.sampledAt.toISOString())).toEqual(["2026-12-04T10:00:00.000Z", "2026-12-04T10:05:00.000Z"]);
    expect(rows[0]).toMatchObject({ sampleCount: 3, apiRequestRate: 6, apiLatencyP50Ms: null, nodeCount: 2, storedObjects: { pods: 11, secrets: 2 } });
    expect(rows[1]).toMatchObject({ sampleCount: 1, apiRequestRate: 100 });
  });

  it("weights rolled-up rows by how many scrapes they stand for (1h rows from 5m rows)", () => {
    const rows = downsample(
      [sample("2026-12-04T10:00:00Z", 10, { sampleCount: 10 }), sample("2026-12-04T10:05:00Z", 40, { sampleCount: 5 })],
      60 * 60_000,
      new Date("2026-12-04T11:00:00Z"),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sampleCount: 15, apiRequestRate: 20 });
  });

  it("writes the same rows when run again over the same samples", () => {
    const samples = [sample("2026-12-04T10:01:00Z", 1), sample("2026-12-04T10:02:00Z", 3)];
    const now = new Date("2026-12-04T11:00:00Z");
    expect(downsample(samples, fiveMinutes, now)).toEqual(downsample([...samples].reverse(), fiveMinutes, now));
  });

  it("has no stored objects figure when no sample had one", () => {
    expect(averageFigures([sample("2026-12-04T10:00:00Z", 1, { storedObjects: null })]).storedObjects).toBeNull();
  });
});

describe("retention and tiers", () => {
  const retention: MetricRetention = { rawHours: 24, fiveMinuteDays: 7, oneHourDays: 90 };
  const now = new Date("2026-12-04T12:00:00Z");

  it("cuts each tier at its own age", () => {
    expect(retentionCutoff(retention, "raw", now).toISOString()).toBe("2026-12-03T12:00:00.000Z");
    expect(retentionCutoff(retention, "5m", now).toISOString()).toBe("2026-11-27T12:00:00.000Z");
    expect(retentionCutoff(retention, "1h", now).toISOString()).toBe("2026-09-05T12:00:00.000Z");
  });

  it("reads the finest tier whose retention still covers the start of the range", () => {
    expect(resolutionCovering(retention, new Date("2026-12-04T11:00:00Z"), now)).toBe("raw");
    expect(resolutionCovering(retention, new Date("2026-12-03T12:00:00Z"), now)).toBe("raw");
    // Up to one 5-minute bucket past the raw retention ("the last 24 hours", its end rounded) still reads raw rows.
    expect(resolutionCovering(retention, new Date("2026-12-03T11:59:00Z"), now)).toBe("raw");
    expect(resolutionCovering(retention, new Date("2026-12-03T11:55:00Z"), now)).toBe("raw");
    expect(resolutionCovering(retention, new Date("2026-12-03T11:54:59Z"), now)).toBe("5m");
    expect(resolutionCovering(retention, new Date("2026-11-27T11:00:00Z"), now)).toBe("5m");
    expect(resolutionCovering(retention, new Date("2026-11-27T10:59:59Z"), now)).toBe("1h");
    expect(resolutionCovering(retention, new Date("2026-11-20T00:00:00Z"), now)).toBe("1h");
    expect(resolutionCovering(retention, new Date("2020-01-01T00:00:00Z"), now)).toBe("1h");
  });
});
