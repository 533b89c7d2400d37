import { AppError } from "@/server/domain/errors";
import { clusterMetricNames, MAX_RANGE_MS, parseMetricList, type ClusterMetricName } from "./cluster-metrics-history";

/** The history request as the API receives it (times already checked to be ISO 8601). */
export interface ClusterMetricsRequest {
  from?: string;
  to?: string;
  step?: number;
  metric?: string;
}

export interface ClusterMetricsQuery {
  from: Date;
  to: Date;
  step: number | undefined;
  names: ClusterMetricName[];
}

/** Default range: the last hour. */
export const DEFAULT_RANGE_MS = 3_600_000;

/**
 * Checks a history request and fills its defaults (to = now, from = to − 1 h). Bad input is a BAD_REQUEST
 * whose message says what to send instead.
 */
export function toClusterMetricsQuery(request: ClusterMetricsRequest, now: Date): ClusterMetricsQuery {
  const to = request.to ? new Date(request.to) : now;
  const from = request.from ? new Date(request.from) : new Date(to.getTime() - DEFAULT_RANGE_MS);
  if (Number.isNaN(to.getTime()) || Number.isNaN(from.getTime())) throw new AppError("BAD_REQUEST", "from and to must be ISO 8601 times such as 2026-12-01T08:00:00Z.");
  if (from.getTime() >= to.getTime()) throw new AppError("BAD_REQUEST", `from (${from.toISOString()}) must be before to (${to.toISOString()}).`);
  if (to.getTime() - from.getTime() > MAX_RANGE_MS) throw new AppError("BAD_REQUEST", "The range from–to may span at most 90 days; ask for a shorter range.");
  if (request.step !== undefined && !(Number.isInteger(request.step) && request.step >= 1)) throw new AppError("BAD_REQUEST", "step must be a whole number of seconds, at least 1.");
  const { names, unknown } = parseMetricList(request.metric);
  if (unknown.length > 0) {
    throw new AppError("BAD_REQUEST", `Unknown metric ${unknown.map((n) => `"${n}"`).join(", ")}; use one or more (comma-separated) of: ${clusterMetricNames.join(", ")}.`);
  }
  return { from, to, step: request.step, names };
}
