/** The ranges the cluster page offers; the history API picks the resolution for the span. */
export const METRICS_RANGES = ["1h", "6h", "24h", "7d", "30d", "90d"] as const;
export type MetricsRange = (typeof METRICS_RANGES)[number];
export const DEFAULT_METRICS_RANGE: MetricsRange = "1h";

const HOUR_MS = 3_600_000;
const RANGE_MS: Record<MetricsRange, number> = {
  "1h": HOUR_MS,
  "6h": 6 * HOUR_MS,
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
  "90d": 90 * 24 * HOUR_MS,
};

export function isMetricsRange(value: string): value is MetricsRange {
  return (METRICS_RANGES as readonly string[]).includes(value);
}

export function rangeDurationMs(range: MetricsRange): number {
  return RANGE_MS[range];
}

/**
 * The window ending at `now`, as the API's `from`/`to`. `now` is floored to the whole minute so
 * re-renders within a minute ask for the same window (one query key, one request).
 */
export function rangeWindow(range: MetricsRange, now: Date): { from: string; to: string } {
  const to = Math.floor(now.getTime() / 60_000) * 60_000;
  return { from: new Date(to - RANGE_MS[range]).toISOString(), to: new Date(to).toISOString() };
}

/** Ranges up to a day label the time axis with clock times; longer ones with dates. */
export function rangeShowsDates(range: MetricsRange): boolean {
  return RANGE_MS[range] > 24 * HOUR_MS;
}
