import { describe, expect, it } from "vitest";
import { isMetricsRange, METRICS_RANGES, rangeShowsDates, rangeWindow } from "./metrics-range";

describe("metrics ranges", () => {
  it("ends the window at the current whole minute and spans the range", () => {
    const now = new Date("2026-12-04T15:42:37.512Z");
    expect(rangeWindow("1h", now)).toEqual({ from: "2026-12-04T14:42:00.000Z", to: "2026-12-04T15:42:00.000Z" });
    expect(rangeWindow("24h", now)).toEqual({ from: "2026-12-03T15:42:00.000Z", to: "2026-12-04T15:42:00.000Z" });
    expect(rangeWindow("90d", now).from).toBe("2026-09-05T15:42:00.000Z");
  });

  it("asks for the same window within one minute (one query key while the page re-renders)", () => {
    expect(rangeWindow("6h", new Date("2026-12-04T15:42:00.000Z"))).toEqual(rangeWindow("6h", new Date("2026-12-04T15:42:59.999Z")));
  });

  it("accepts exactly the offered ranges", () => {
    expect(METRICS_RANGES).toEqual(["1h", "6h", "24h", "7d", "30d", "90d"]);
    expect(isMetricsRange("7d")).toBe(true);
    expect(isMetricsRange("2h")).toBe(false);
  });

  it("labels dates on the time axis only beyond a day", () => {
    expect(METRICS_RANGES.filter(rangeShowsDates)).toEqual(["7d", "30d", "90d"]);
  });
});
