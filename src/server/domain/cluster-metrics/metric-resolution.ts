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

/**
 * The finest tier that still holds `from` (raw within its retention, else 5m, else 1h). A window reaching at most one
 * bucket of the next tier past a tier's retention still reads that tier: "the last 24 hours" with 24 h of raw rows is
 * answered from the raw rows (its first minutes may already be pruned and show as a gap) rather than from the
 * 5-minute tier, which a cluster younger than its first rollup does not have yet.
 */
export function resolutionCovering(retention: MetricRetention, from: Date, now: Date): MetricResolution {
  const slackMs: Readonly<Record<MetricResolution, number>> = { raw: ROLLUP_BUCKET_MS["5m"], "5m": ROLLUP_BUCKET_MS["1h"], "1h": 0 };
  for (const resolution of metricResolutions) {
    if (from.getTime() >= retentionCutoff(retention, resolution, now).getTime() - slackMs[resolution]) return resolution;
  }
  return "1h";
}
