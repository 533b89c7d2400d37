import type { MetricSeries } from "./metrics-contract";

/** One x position of a chart: `t` in epoch ms and one value per series key (null breaks the line). */
export type ChartRow = { t: number } & { [seriesKey: string]: number | null };

/** The key a series has in chart rows: the metric, plus the label for multi-series metrics (stored_objects). */
export function seriesKey(series: Pick<MetricSeries, "metric" | "label">): string {
  return series.label === null ? series.metric : `${series.metric}:${series.label}`;
}

/**
 * A bucket is missing when the next point is more than this many steps away. Bucket times wobble a
 * little in raw resolution (a scrape takes time), so exactly one step apart must not count as a gap.
 */
const GAP_STEPS = 1.5;

/**
 * Merges series into rows by timestamp. The API leaves a bucket without samples out: a null is put
 * one step after the last point before such a hole, so the line breaks instead of drawing a straight
 * segment across hours of missing data. A null value from the API (sampled, not measurable) stays
 * null and breaks the line too. Series of one response share bucket times (every metric of a sample
 * has the sample's time), so a key missing from a row only happens at those inserted breaks.
 */
export function seriesToRows(series: readonly MetricSeries[], stepSeconds: number): ChartRow[] {
  const stepMs = stepSeconds * 1000;
  const rows = new Map<number, ChartRow>();
  const put = (t: number, key: string, v: number | null) => {
    const row = rows.get(t) ?? ({ t } as ChartRow);
    row[key] = v;
    rows.set(t, row);
  };
  for (const s of series) {
    const key = seriesKey(s);
    const points = s.points.map((p) => ({ t: Date.parse(p.t), v: p.v })).sort((a, b) => a.t - b.t);
    points.forEach((point, i) => {
      const next = points[i + 1];
      put(point.t, key, point.v);
      if (next && stepMs > 0 && next.t - point.t > GAP_STEPS * stepMs) {
        const breakAt = point.t + stepMs;
        // Another series may have a real value at that time: keep it, the break is only for this key.
        if (rows.get(breakAt)?.[key] === undefined) put(breakAt, key, null);
      }
    });
  }
  return [...rows.values()].sort((a, b) => a.t - b.t);
}

/** The earliest point of any series (epoch ms), or null when there is none. */
export function firstPointAt(series: readonly MetricSeries[]): number | null {
  let first: number | null = null;
  for (const s of series) for (const p of s.points) first = Math.min(first ?? Infinity, Date.parse(p.t));
  return first;
}

/** True when the window starts well before the first sample (the cluster is newer, or the collector started later). */
export function startsBeforeFirstSample(series: readonly MetricSeries[], fromIso: string, stepSeconds: number): boolean {
  const first = firstPointAt(series);
  return first !== null && first - Date.parse(fromIso) > GAP_STEPS * stepSeconds * 1000;
}

/** The newest measurable value of a series, for the figures beside each chart. */
export function latestValue(series: Pick<MetricSeries, "points">): { t: string; v: number } | null {
  let latest: { t: string; v: number; ms: number } | null = null;
  for (const p of series.points) {
    if (p.v === null) continue;
    const ms = Date.parse(p.t);
    if (!latest || ms > latest.ms) latest = { t: p.t, v: p.v, ms };
  }
  return latest ? { t: latest.t, v: latest.v } : null;
}
