import { z } from "zod";

/** The storage tiers of control-plane samples, finest first (docs/metrics.md "Retention"). */
export const metricResolutions = ["raw", "5m", "1h"] as const;
export const metricResolutionSchema = z.enum(metricResolutions);
export type MetricResolution = z.infer<typeof metricResolutionSchema>;

/** The bucket width of a rolled-up tier. */
export const ROLLUP_BUCKET_MS: Readonly<Record<Exclude<MetricResolution, "raw">, number>> = { "5m": 5 * 60_000, "1h": 60 * 60_000 };

/** How long each tier keeps its rows (KUBEBYON_METRICS_*_RETENTION_*). */
export interface MetricRetention {
  rawHours: number;
  fiveMinuteDays: number;
  oneHourDays: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function retentionMs(retention: MetricRetention, resolution: MetricResolution): number {
  if (resolution === "raw") return retention.rawHours * HOUR_MS;
  if (resolution === "5m") return retention.fiveMinuteDays * DAY_MS;
  return retention.oneHourDays * DAY_MS;
}

/** Rows of `resolution` sampled before this instant are past retention and get deleted. */
export function retentionCutoff(retention: MetricRetention, resolution: MetricResolution, now: Date): Date {
  return new Date(now.getTime() - retentionMs(retention, resolution));
}

/** The finest tier that still holds `from` (raw within its retention, else 5m, else 1h). */
export function resolutionCovering(retention: MetricRetention, from: Date, now: Date): MetricResolution {
  for (const resolution of metricResolutions) {
    if (from.getTime() >= retentionCutoff(retention, resolution, now).getTime()) return resolution;
  }
  return "1h";
}
