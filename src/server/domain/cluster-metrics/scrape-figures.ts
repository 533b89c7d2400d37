import { counterIncrease, ratePerSecond } from "./counter-delta";
import { histogramQuantile, type HistogramBucket } from "./histogram-quantile";
import { parsePromNumber, seriesKey, type PromSample } from "./prometheus-text";

/**
 * What one scrape of a kube-apiserver's /metrics keeps: the raw counters the next scrape needs for rates
 * and latency deltas (per series, so a reset of one series is handled alone), and the gauges.
 */
export interface ScrapeSnapshot {
  /** apiserver_request_total per series; `error` for 5xx and 429 answers. */
  requests: ReadonlyMap<string, { value: number; error: boolean }>;
  /** apiserver_request_duration_seconds_bucket per series (long-running verbs excluded). */
  latencyBuckets: ReadonlyMap<string, { le: number; value: number }>;
  /** apiserver_current_inflight_requests summed over request_kind; null when not exposed. */
  inflightRequests: number | null;
  /** Stored objects per resource (top kinds only), e.g. { pods: 12, "deployments.apps": 3 }. */
  storedObjects: Record<string, number>;
}

/** The figures of one raw sample; null where the scrape could not measure it. */
export interface ScrapeFigures {
  apiRequestRate: number | null;
  apiErrorRate: number | null;
  apiLatencyP50Ms: number | null;
  apiLatencyP99Ms: number | null;
  apiInflightRequests: number | null;
  storedObjects: Record<string, number>;
}

/** WATCH and CONNECT requests last as long as the client keeps them open: their durations are not latency. */
export const LONG_RUNNING_VERBS: ReadonlySet<string> = new Set(["WATCH", "WATCHLIST", "CONNECT"]);

/** How many kinds stored_objects keeps per sample (the largest counts). */
export const TOP_STORED_KINDS = 10;

const isErrorCode = (code: string | undefined) => code === "429" || (code !== undefined && /^5\d\d$/.test(code));

/**
 * Stored objects per kind. Kubernetes renamed apiserver_storage_objects{resource="pods"} (resource may
 * carry the group: "deployments.apps") to apiserver_resource_objects{group,resource}; both are read and the
 * newer wins for a kind both name. Negative values (the apiserver could not count) and empty kinds are skipped:
 * a fresh apiserver reports 0 for every kind until its first count (about a minute after start).
 */
function storedObjectCounts(samples: readonly PromSample[]): Record<string, number> {
  const older = new Map<string, number>();
  const newer = new Map<string, number>();
  for (const sample of samples) {
    if (!(sample.value >= 0) || !Number.isFinite(sample.value)) continue;
    const resource = sample.labels.resource;
    if (!resource) continue;
    if (sample.name === "apiserver_storage_objects") older.set(resource, sample.value);
    else if (sample.name === "apiserver_resource_objects") {
      const kind = sample.labels.group ? `${resource}.${sample.labels.group}` : resource;
      newer.set(kind, (newer.get(kind) ?? 0) + sample.value);
    }
  }
  const merged = new Map([...older, ...newer]);
  const top = [...merged].filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP_STORED_KINDS);
  return Object.fromEntries(top);
}

export function snapshotOf(samples: readonly PromSample[]): ScrapeSnapshot {
  const requests = new Map<string, { value: number; error: boolean }>();
  const latencyBuckets = new Map<string, { le: number; value: number }>();
  let inflight: number | null = null;
  for (const sample of samples) {
    if (sample.name === "apiserver_request_total") {
      requests.set(seriesKey(sample.name, sample.labels), { value: sample.value, error: isErrorCode(sample.labels.code) });
    } else if (sample.name === "apiserver_request_duration_seconds_bucket") {
      if (LONG_RUNNING_VERBS.has(sample.labels.verb ?? "") || sample.labels.le === undefined) continue;
      let le: number;
      try {
        le = parsePromNumber(sample.labels.le);
      } catch {
        continue;
      }
      latencyBuckets.set(seriesKey(sample.name, sample.labels), { le, value: sample.value });
    } else if (sample.name === "apiserver_current_inflight_requests" && Number.isFinite(sample.value)) {
      inflight = (inflight ?? 0) + sample.value;
    }
  }
  return { requests, latencyBuckets, inflightRequests: inflight, storedObjects: storedObjectCounts(samples) };
}

/** Sums the per-series bucket increases by upper bound into one cumulative histogram. */
function latencyHistogram(previous: ScrapeSnapshot, current: ScrapeSnapshot): HistogramBucket[] {
  const byLe = new Map<number, number>();
  for (const [key, bucket] of current.latencyBuckets) {
    const increase = counterIncrease(previous.latencyBuckets.get(key)?.value, bucket.value);
    byLe.set(bucket.le, (byLe.get(bucket.le) ?? 0) + increase);
  }
  return [...byLe].map(([le, count]) => ({ le, count }));
}

const toMs = (seconds: number | null) => (seconds === null ? null : seconds * 1_000);

/**
 * The sample's figures. Without a previous snapshot (the first scrape of a cluster since the collector
 * started) only gauges are measurable; rates and latencies are null. Latencies are null too when no
 * request finished between the scrapes.
 */
export function figuresBetween(previous: { snapshot: ScrapeSnapshot; at: Date } | undefined, current: ScrapeSnapshot, at: Date): ScrapeFigures {
  const gauges = { apiInflightRequests: current.inflightRequests, storedObjects: current.storedObjects };
  const seconds = previous ? (at.getTime() - previous.at.getTime()) / 1_000 : 0;
  if (!previous || !(seconds > 0)) return { apiRequestRate: null, apiErrorRate: null, apiLatencyP50Ms: null, apiLatencyP99Ms: null, ...gauges };
  let total = 0;
  let errors = 0;
  for (const [key, series] of current.requests) {
    const increase = counterIncrease(previous.snapshot.requests.get(key)?.value, series.value);
    total += increase;
    if (series.error) errors += increase;
  }
  const histogram = latencyHistogram(previous.snapshot, current);
  return {
    apiRequestRate: ratePerSecond(total, seconds),
    apiErrorRate: ratePerSecond(errors, seconds),
    apiLatencyP50Ms: toMs(histogramQuantile(0.5, histogram)),
    apiLatencyP99Ms: toMs(histogramQuantile(0.99, histogram)),
    ...gauges,
  };
}
