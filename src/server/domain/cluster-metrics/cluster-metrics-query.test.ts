import { describe, expect, it } from "vitest";
import { AppError } from "@/server/domain/errors";
import { clusterMetricNames } from "./cluster-metrics-history";
import { toClusterMetricsQuery } from "./cluster-metrics-query";

const now = new Date("2026-12-04T12:00:00Z");

function badRequest(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("BAD_REQUEST");
    return (error as AppError).message;
  }
  throw new Error("expected a BAD_REQUEST");
}

describe("toClusterMetricsQuery", () => {
  it("defaults to the last hour and every metric", () => {
    expect(toClusterMetricsQuery({}, now)).toEqual({ from: new Date("2026-12-04T11:00:00Z"), to: now, step: undefined, names: [...clusterMetricNames] });
  });

  it("takes from one hour before a given to", () => {
    expect(toClusterMetricsQuery({ to: "2026-12-01T08:00:00Z" }, now).from).toEqual(new Date("2026-12-01T07:00:00Z"));
  });

  it("keeps an explicit range, step and metric list", () => {
    const query = toClusterMetricsQuery({ from: "2026-12-01T00:00:00+08:00", to: "2026-12-02T00:00:00Z", step: 300, metric: "node_count,api_request_rate" }, now);
    expect(query).toEqual({ from: new Date("2026-11-30T16:00:00Z"), to: new Date("2026-12-02T00:00:00Z"), step: 300, names: ["api_request_rate", "node_count"] });
  });

  it("refuses from not before to", () => {
    expect(badRequest(() => toClusterMetricsQuery({ from: "2026-12-04T12:00:00Z", to: "2026-12-04T12:00:00Z" }, now))).toMatch(/from \(.*\) must be before to/);
    expect(badRequest(() => toClusterMetricsQuery({ from: "2026-12-04T13:00:00Z", to: "2026-12-04T12:00:00Z" }, now))).toMatch(/must be before to/);
  });

  it("refuses a range over 90 days", () => {
    expect(badRequest(() => toClusterMetricsQuery({ from: "2026-09-04T11:59:59Z", to: "2026-12-03T12:00:00Z" }, now))).toMatch(/at most 90 days/);
    expect(toClusterMetricsQuery({ from: "2026-09-04T12:00:00Z", to: "2026-12-03T12:00:00Z" }, now).names).toHaveLength(clusterMetricNames.length);
  });

  it("refuses a step below 1 or not whole", () => {
    expect(badRequest(() => toClusterMetricsQuery({ step: 0 }, now))).toMatch(/step must be a whole number of seconds/);
    expect(badRequest(() => toClusterMetricsQuery({ step: 1.5 }, now))).toMatch(/step must be a whole number/);
  });

  it("refuses unknown metric names and lists the valid ones", () => {
    const message = badRequest(() => toClusterMetricsQuery({ metric: "api_request_rate,cpu_usage" }, now));
    expect(message).toContain('"cpu_usage"');
    for (const name of clusterMetricNames) expect(message).toContain(name);
  });

  it("refuses times that are not times", () => {
    expect(badRequest(() => toClusterMetricsQuery({ from: "yesterday" }, now))).toMatch(/ISO 8601/);
  });
});
