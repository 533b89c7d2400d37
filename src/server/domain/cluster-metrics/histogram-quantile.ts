/** One cumulative histogram bucket: observations <= `le` (the last bucket's le is +Inf). */
export interface HistogramBucket {
  le: number;
  count: number;
}

/**
 * The q-quantile (0..1) of a cumulative histogram, like Prometheus' histogram_quantile(): find the bucket
 * holding the rank q·total and interpolate linearly inside it (the first bucket starts at 0 when its upper
 * bound is positive). A rank in the +Inf bucket answers the highest finite upper bound, so the result always
 * lies within the histogram's bucket range. Null when there were no observations (nothing to measure) or
 * the buckets are unusable (no +Inf bucket).
 */
export function histogramQuantile(q: number, buckets: readonly HistogramBucket[]): number | null {
  if (!(q >= 0 && q <= 1)) return null;
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const last = sorted.at(-1);
  if (!last || last.le !== Number.POSITIVE_INFINITY) return null;
  // Cumulative counts must not decrease; a scrape mixing series can break that, so clamp like Prometheus does.
  let running = 0;
  const cumulative = sorted.map((bucket) => {
    running = Math.max(running, bucket.count);
    return { le: bucket.le, count: running };
  });
  const total = cumulative.at(-1)!.count;
  if (!(total > 0)) return null;
  if (cumulative.length < 2) return null;
  const rank = q * total;
  const index = cumulative.findIndex((bucket) => bucket.count >= rank);
  if (index === cumulative.length - 1) return cumulative[cumulative.length - 2]!.le;
  const bucket = cumulative[index]!;
  if (index === 0 && bucket.le <= 0) return bucket.le;
  const lower = index === 0 ? 0 : cumulative[index - 1]!.le;
  const below = index === 0 ? 0 : cumulative[index - 1]!.count;
  const inBucket = bucket.count - below;
  if (inBucket <= 0) return bucket.le;
  return lower + (bucket.le - lower) * ((rank - below) / inBucket);
}
