/** The figures a stored sample carries (raw or rolled up); null: not measured. */
export interface SampleFigures {
  apiRequestRate: number | null;
  apiErrorRate: number | null;
  apiLatencyP50Ms: number | null;
  apiLatencyP99Ms: number | null;
  apiInflightRequests: number | null;
  storedObjects: Record<string, number> | null;
  nodeCount: number | null;
  readyNodeCount: number | null;
  probeLatencyMs: number | null;
}

export interface TimedSample extends SampleFigures {
  sampledAt: Date;
  /** How many raw scrapes the sample stands for (1 for raw rows); weights the average. */
  sampleCount: number;
}

export interface RolledSample extends SampleFigures {
  /** Start of the bucket. */
  sampledAt: Date;
  sampleCount: number;
}

export const scalarFigures = [
  "apiRequestRate",
  "apiErrorRate",
  "apiLatencyP50Ms",
  "apiLatencyP99Ms",
  "apiInflightRequests",
  "nodeCount",
  "readyNodeCount",
  "probeLatencyMs",
] as const satisfies ReadonlyArray<keyof SampleFigures>;

/** Start of the `bucketMs`-wide bucket holding `time`, aligned to the Unix epoch. */
export const bucketStart = (time: Date, bucketMs: number) => new Date(Math.floor(time.getTime() / bucketMs) * bucketMs);

/** Weighted mean of the non-null values; null when every value is null (the figure was never measured). */
function mean(values: ReadonlyArray<{ value: number | null; weight: number }>): number | null {
  let sum = 0;
  let weight = 0;
  for (const v of values) {
    if (v.value === null || !Number.isFinite(v.value)) continue;
    sum += v.value * v.weight;
    weight += v.weight;
  }
  return weight > 0 ? sum / weight : null;
}

/** The average of samples' figures (rates and gauges alike); stored objects averaged per kind. */
export function averageFigures(samples: readonly TimedSample[]): SampleFigures {
  const result = {} as SampleFigures;
  for (const figure of scalarFigures) result[figure] = mean(samples.map((s) => ({ value: s[figure], weight: s.sampleCount })));
  const kinds = new Set(samples.flatMap((s) => Object.keys(s.storedObjects ?? {})));
  if (kinds.size === 0) result.storedObjects = samples.some((s) => s.storedObjects) ? {} : null;
  else {
    const objects: Record<string, number> = {};
    for (const kind of [...kinds].sort()) {
      const value = mean(samples.filter((s) => s.storedObjects && kind in s.storedObjects).map((s) => ({ value: s.storedObjects![kind]!, weight: s.sampleCount })));
      if (value !== null) objects[kind] = Math.round(value);
    }
    result.storedObjects = objects;
  }
  return result;
}

/**
 * Rolls samples up into `bucketMs` buckets: one row per bucket that has samples and has ended by `now`
 * (a bucket still filling is left for a later pass). Pure and deterministic, so re-running a rollup over the
 * same samples writes the same rows.
 */
export function downsample(samples: readonly TimedSample[], bucketMs: number, now: Date): RolledSample[] {
  const buckets = new Map<number, TimedSample[]>();
  for (const sample of samples) {
    const start = bucketStart(sample.sampledAt, bucketMs).getTime();
    if (start + bucketMs > now.getTime()) continue;
    const list = buckets.get(start) ?? [];
    list.push(sample);
    buckets.set(start, list);
  }
  return [...buckets]
    .sort((a, b) => a[0] - b[0])
    .map(([start, list]) => ({ sampledAt: new Date(start), sampleCount: list.reduce((n, s) => n + s.sampleCount, 0), ...averageFigures(list) }));
}
