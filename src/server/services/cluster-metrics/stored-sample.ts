import type { TimedSample } from "@/server/domain/cluster-metrics/downsample";
import type { ControlPlaneMetricSample } from "@/server/infra/db/client";

/** stored_objects as written by the collector/rollup: { kind: count }; anything else reads as unknown. */
function storedObjectsOf(value: unknown): Record<string, number> | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
}

/** A stored row as the domain's sample (downsampling, history series). */
export function toTimedSample(row: ControlPlaneMetricSample): TimedSample {
  return {
    sampledAt: row.sampledAt,
    sampleCount: row.sampleCount,
    apiRequestRate: row.apiRequestRate,
    apiErrorRate: row.apiErrorRate,
    apiLatencyP50Ms: row.apiLatencyP50Ms,
    apiLatencyP99Ms: row.apiLatencyP99Ms,
    apiInflightRequests: row.apiInflightRequests,
    storedObjects: storedObjectsOf(row.storedObjects),
    nodeCount: row.nodeCount,
    readyNodeCount: row.readyNodeCount,
    probeLatencyMs: row.probeLatencyMs,
  };
}
