import { describe, expect, it } from "vitest";
import { formatAxisValue, formatMetricValue, formatTimeTick, formatTooltipTime } from "./metrics-format";

describe("metric figures", () => {
  it("keeps two decimals for small rates and latencies, one above ten", () => {
    expect(formatMetricValue(0.25, "reqPerSecond", "en")).toEqual({ text: "0.25", rounded: 0.25, unit: "reqPerSecond" });
    expect(formatMetricValue(123.456, "reqPerSecond", "en")).toEqual({ text: "123.5", rounded: 123.5, unit: "reqPerSecond" });
    expect(formatMetricValue(4.567, "ms", "en")).toEqual({ text: "4.57", rounded: 4.57, unit: "ms" });
  });

  it("shows latencies of a second or more in seconds", () => {
    expect(formatMetricValue(1500, "ms", "en")).toEqual({ text: "1.5", rounded: 1.5, unit: "seconds" });
    expect(formatMetricValue(999, "ms", "en")).toEqual({ text: "999", rounded: 999, unit: "ms" });
  });

  it("shows node and object counts as whole numbers with the locale's grouping, inflight requests with one decimal", () => {
    expect(formatMetricValue(12345.4, "objects", "en")).toEqual({ text: "12,345", rounded: 12345, unit: "objects" });
    expect(formatMetricValue(2.6, "nodes", "zh-CN")).toEqual({ text: "3", rounded: 3, unit: "nodes" });
    expect(formatMetricValue(2.66, "requests", "en")).toEqual({ text: "2.7", rounded: 2.7, unit: "requests" });
  });

  it("shortens axis ticks", () => {
    expect(formatAxisValue(1234, "en")).toBe("1.2K");
    expect(formatAxisValue(0.5, "en")).toBe("0.5");
    expect(formatAxisValue(25_000, "zh-CN")).toBe("2.5万");
  });

  it("labels the time axis with clock times up to a day and dates beyond, in the viewer's time zone", () => {
    const ms = Date.parse("2026-12-04T15:42:00Z");
    expect(inTimeZone("UTC", () => formatTimeTick(ms, false, "en"))).toBe("15:42");
    expect(inTimeZone("Asia/Shanghai", () => formatTimeTick(ms, false, "en"))).toBe("23:42");
    expect(inTimeZone("UTC", () => formatTimeTick(ms, true, "en"))).toBe("Dec 4");
    expect(inTimeZone("UTC", () => formatTimeTick(ms, true, "zh-CN"))).toBe("12月4日");
    expect(inTimeZone("UTC", () => formatTooltipTime(ms, "en"))).toBe("Dec 4, 2026, 3:42 PM");
  });

});

/** Runs `fn` as a viewer in `zone` would (Node re-reads TZ when it changes), then restores the process's zone. */
function inTimeZone<T>(zone: string, fn: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = zone;
  try {
    return fn();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}
