import { downsample } from "@/server/domain/cluster-metrics/downsample";
import { metricResolutions, retentionCutoff, ROLLUP_BUCKET_MS, type MetricResolution, type MetricRetention } from "@/server/domain/cluster-metrics/metric-resolution";
import { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toTimedSample } from "./stored-sample";

/** Each rolled tier and the tier it averages. */
const ROLLUPS: ReadonlyArray<{ target: Exclude<MetricResolution, "raw">; source: MetricResolution }> = [
  { target: "5m", source: "raw" },
  { target: "1h", source: "5m" },
];

/** Buckets before the newest rolled one that each pass recomputes, for samples that were written late. */
const REROLLED_BUCKETS = 2;

export interface RollUpResult {
  /** Rows written (created or rewritten) per rolled tier. */
  written: Record<"5m" | "1h", number>;
  /** Rows deleted past retention per tier. */
  deleted: Record<MetricResolution, number>;
}

/** Where a cluster's rollup into `target` resumes: a few buckets before its newest row, or its oldest source row. */
async function rollFrom(deps: Pick<ServiceDeps, "db">, clusterId: string, target: "5m" | "1h", source: MetricResolution): Promise<Date | null> {
  const newest = await deps.db.controlPlaneMetricSample.findFirst({ where: { clusterId, resolution: target }, orderBy: { sampledAt: "desc" }, select: { sampledAt: true } });
  if (newest) return new Date(newest.sampledAt.getTime() - REROLLED_BUCKETS * ROLLUP_BUCKET_MS[target]);
  const oldest = await deps.db.controlPlaneMetricSample.findFirst({ where: { clusterId, resolution: source }, orderBy: { sampledAt: "asc" }, select: { sampledAt: true } });
  return oldest?.sampledAt ?? null;
}

async function rollUpCluster(deps: Pick<ServiceDeps, "db" | "now">, clusterId: string, target: "5m" | "1h", source: MetricResolution): Promise<number> {
  const from = await rollFrom(deps, clusterId, target, source);
  if (!from) return 0;
  const bucketMs = ROLLUP_BUCKET_MS[target];
  const start = new Date(Math.floor(from.getTime() / bucketMs) * bucketMs);
  const rows = await deps.db.controlPlaneMetricSample.findMany({ where: { clusterId, resolution: source, sampledAt: { gte: start } }, orderBy: { sampledAt: "asc" } });
  const rolled = downsample(rows.map(toTimedSample), bucketMs, deps.now());
  for (const row of rolled) {
    const data = { ...row, storedObjects: row.storedObjects ?? Prisma.DbNull };
    await deps.db.controlPlaneMetricSample.upsert({
      where: { clusterId_resolution_sampledAt: { clusterId, resolution: target, sampledAt: row.sampledAt } },
      create: { clusterId, resolution: target, ...data },
      update: data,
    });
  }
  return rolled.length;
}

/**
 * The rollup and retention pass (docs/metrics.md "Retention"): averages each cluster's ended 5-minute buckets
 * of raw rows into 5m rows and ended hours of 5m rows into 1h rows (rewriting the same rows when re-run, so it
 * is idempotent), then deletes each tier's rows past its retention. Rolling runs first, so raw rows are
 * averaged before they age out.
 */
export async function rollUpControlPlaneMetrics(deps: Pick<ServiceDeps, "db" | "now">, retention: MetricRetention): Promise<RollUpResult> {
  const written = { "5m": 0, "1h": 0 };
  for (const { target, source } of ROLLUPS) {
    const clusters = await deps.db.controlPlaneMetricSample.findMany({ where: { resolution: source }, distinct: ["clusterId"], select: { clusterId: true } });
    for (const { clusterId } of clusters) written[target] += await rollUpCluster(deps, clusterId, target, source);
  }
  const now = deps.now();
  const deleted = { raw: 0, "5m": 0, "1h": 0 };
  for (const resolution of metricResolutions) {
    const result = await deps.db.controlPlaneMetricSample.deleteMany({ where: { resolution, sampledAt: { lt: retentionCutoff(retention, resolution, now) } } });
    deleted[resolution] = result.count;
  }
  return { written, deleted };
}
