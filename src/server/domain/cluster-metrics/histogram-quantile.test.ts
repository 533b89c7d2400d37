import { describe, expect, it } from "vitest";
import { counterIncrease, ratePerSecond } from "./counter-delta";
import { histogramQuantile } from "./histogram-quantile";

const inf = Number.POSITIVE_INFINITY;

describe("histogramQuantile", () => {
  it("interpolates linearly inside the bucket holding the rank, like Prometheus", () => {
    const buckets = [
      { le: 0.1, count: 10 },
      { le: 0.2, count: 30 },
      { le: 0.4, count: 40 },
      { le: inf, count: 40 },
    ];
    // rank 20 lies in (0.1, 0.2]: 10 below, 20 inside → halfway.
    expect(histogramQuantile(0.5, buckets)).toBeCloseTo(0.15);
    // rank 39.6 lies in (0.2, 0.4]: 30 below, 10 inside → 0.2 + 0.2 * 0.96.
    expect(histogramQuantile(0.99, buckets)).toBeCloseTo(0.392);
    // the first bucket starts at 0.
    expect(histogramQuantile(0.25, buckets)).toBeCloseTo(0.1);
    expect(histogramQuantile(0.1, buckets)).toBeCloseTo(0.04);
  });

  it("answers the highest finite bound when the rank falls in +Inf, so results stay within the bucket range", () => {
    const buckets = [
      { le: 0.1, count: 1 },
      { le: 1, count: 2 },
      { le: inf, count: 100 },
    ];
    expect(histogramQuantile(0.99, buckets)).toBe(1);
    expect(histogramQuantile(0.5, buckets)).toBe(1);
  });

  it("keeps p50 <= p99 and both within [0, highest finite bound] for any bucket order", () => {
    const buckets = [
      { le: inf, count: 20 },
      { le: 0.025, count: 5 },
      { le: 1, count: 19 },
      { le: 0.05, count: 12 },
    ];
    const p50 = histogramQuantile(0.5, buckets)!;
    const p99 = histogramQuantile(0.99, buckets)!;
    expect(p50).toBeGreaterThan(0.025);
    expect(p50).toBeLessThanOrEqual(0.05);
    expect(p99).toBeLessThanOrEqual(1);
    expect(p50).toBeLessThanOrEqual(p99);
  });

  it("is null without observations, without a +Inf bucket or for a q outside [0, 1]", () => {
    expect(histogramQuantile(0.5, [{ le: 0.1, count: 0 }, { le: inf, count: 0 }])).toBeNull();
    expect(histogramQuantile(0.5, [{ le: 0.1, count: 3 }])).toBeNull();
    expect(histogramQuantile(0.5, [])).toBeNull();
    expect(histogramQuantile(1.5, [{ le: 0.1, count: 3 }, { le: inf, count: 3 }])).toBeNull();
  });

  it("clamps non-monotonic cumulative counts instead of answering outside the range", () => {
    const value = histogramQuantile(0.5, [{ le: 0.1, count: 10 }, { le: 0.2, count: 4 }, { le: inf, count: 10 }]);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(0.2);
  });
});

describe("counter arithmetic", () => {
  it("takes the difference of a growing counter", () => {
    expect(counterIncrease(10, 25)).toBe(15);
    expect(counterIncrease(10, 10)).toBe(0);
  });

  it("treats a counter that went down as reset: the increase is the current value", () => {
    expect(counterIncrease(1_000, 7)).toBe(7);
  });

  it("counts a series that did not exist at the previous scrape from zero", () => {
    expect(counterIncrease(undefined, 4)).toBe(4);
  });

  it("divides by the elapsed seconds; nothing measurable when no time passed", () => {
    expect(ratePerSecond(60, 30)).toBe(2);
    expect(ratePerSecond(60, 0)).toBeNull();
    expect(ratePerSecond(Number.NaN, 10)).toBeNull();
  });
});
