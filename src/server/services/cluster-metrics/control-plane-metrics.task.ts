import type { MetricRetention } from "@/server/domain/cluster-metrics/metric-resolution";
import type { BackgroundTask } from "@/server/services/background/background-task";
import type { CollectControlPlaneMetricsDeps } from "./cluster-metrics-deps";
import { collectControlPlaneMetrics, type CollectResult } from "./collect-control-plane-metrics";
import { rollUpControlPlaneMetrics, type RollUpResult } from "./roll-up-control-plane-metrics";

/** How often the leader rolls raw rows up into 5m/1h rows and applies retention. */
export const METRICS_ROLLUP_INTERVAL_MS = 5 * 60_000;

export interface ControlPlaneMetricsTaskDeps extends CollectControlPlaneMetricsDeps {
  settings: { timeoutMs: number; concurrency: number; retention: MetricRetention };
  /** When the last rollup ran (epoch ms), in the leader's memory: a new leader rolls up at its first pass. */
  rollup: { lastAt: number | undefined };
}

/**
 * The control-plane metrics collector (docs/metrics.md): one process scrapes every ready cluster each interval and,
 * every METRICS_ROLLUP_INTERVAL_MS, rolls raw rows up and applies retention. A process that does not lead forgets its
 * counters: when it takes the lead later, its first samples start over without rates rather than spanning the time it
 * did not look.
 */
export const controlPlaneMetricsTask: BackgroundTask<ControlPlaneMetricsTaskDeps, { collected: CollectResult; rolledUp?: RollUpResult }> = {
  name: "control-plane-metrics",
  scope: "leader",
  intervalMs: (config) => config.metrics.collectIntervalSeconds * 1_000,
  async run(deps, signal) {
    const collected = await collectControlPlaneMetrics(deps, { timeoutMs: deps.settings.timeoutMs, concurrency: deps.settings.concurrency, signal });
    const now = deps.now().getTime();
    if (deps.rollup.lastAt !== undefined && now - deps.rollup.lastAt < METRICS_ROLLUP_INTERVAL_MS) return { collected };
    const rolledUp = await rollUpControlPlaneMetrics(deps, deps.settings.retention);
    deps.rollup.lastAt = now;
    return { collected, rolledUp };
  },
  whileFollowing(deps) {
    deps.memory.keepOnly(new Set());
    deps.rollup.lastAt = undefined;
  },
};
