import { requireDatabaseUrl } from "@/server/config/env";
import type { MetricRetention } from "@/server/domain/cluster-metrics/metric-resolution";
import { KubeControlPlaneMetricsScraper } from "@/server/infra/kube/control-plane-metrics-scraper";
import type { Logger } from "@/server/observability/logger";
import { CollectorMemory, type CollectControlPlaneMetricsDeps } from "@/server/services/cluster-metrics/cluster-metrics-deps";
import { collectControlPlaneMetrics, type CollectResult } from "@/server/services/cluster-metrics/collect-control-plane-metrics";
import { rollUpControlPlaneMetrics, type RollUpResult } from "@/server/services/cluster-metrics/roll-up-control-plane-metrics";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { errorMessage, startPeriodicPass } from "./periodic-pass";
import type { Runtime } from "./runtime";

/** How often the leader rolls raw rows up into 5m/1h rows and applies retention. */
export const METRICS_ROLLUP_INTERVAL_MS = 5 * 60_000;

export interface ControlPlaneMetricsLoopOptions {
  intervalMs: number;
  rollupIntervalMs: number;
  timeoutMs: number;
  concurrency: number;
  retention: MetricRetention;
  log: Logger;
  leadership: LoopLeadership;
  /** Observes each pass (tests, diagnostics). */
  onPass?: (pass: { collected?: CollectResult; rolledUp?: RollUpResult }) => void;
}

/**
 * The control-plane metrics collector (docs/metrics.md): every `intervalMs` the leader among the
 * job-processing processes scrapes every ready cluster (one process only, so no cluster is scraped twice),
 * and every `rollupIntervalMs` it also runs the rollup and retention pass. A process that is not the leader
 * forgets its counters: when it takes the lead later, its first samples start over without rates rather than
 * spanning the time it did not look. Returns a stop function that waits for a pass in progress.
 */
export function startControlPlaneMetricsLoop(deps: CollectControlPlaneMetricsDeps, options: ControlPlaneMetricsLoopOptions): () => Promise<void> {
  let lastRollUp: number | undefined;
  const stop = startPeriodicPass({
    intervalMs: options.intervalMs,
    run: async (signal) => {
      if (!(await options.leadership.leads())) {
        deps.memory.keepOnly(new Set());
        lastRollUp = undefined;
        return;
      }
      const collected = await collectControlPlaneMetrics(deps, { timeoutMs: options.timeoutMs, concurrency: options.concurrency, signal });
      let rolledUp: RollUpResult | undefined;
      const now = deps.now().getTime();
      if (lastRollUp === undefined || now - lastRollUp >= options.rollupIntervalMs) {
        rolledUp = await rollUpControlPlaneMetrics(deps, options.retention);
        lastRollUp = now;
      }
      options.onPass?.({ collected, rolledUp });
    },
    onError: (error) => options.log.warn("a control-plane metrics pass failed; retried at the next interval", { error: errorMessage(error) }),
  });
  return async () => {
    await stop();
    await options.leadership.close();
  };
}

/** The collector of a job-processing process (LOOPS); undefined when KUBEBYON_METRICS_ENABLED=false. */
export function startRuntimeControlPlaneMetricsLoop(runtime: Pick<Runtime, "deps" | "log" | "config" | "clusterRuntime">, owner: string): (() => Promise<void>) | undefined {
  const settings = runtime.config.metrics;
  if (!settings.enabled) return undefined;
  const log = runtime.log.child({ component: "control-plane-metrics" });
  const deps: CollectControlPlaneMetricsDeps = {
    db: runtime.deps.db,
    log,
    now: runtime.deps.now,
    resolver: runtime.clusterRuntime.resolver,
    scraper: new KubeControlPlaneMetricsScraper(),
    memory: new CollectorMemory(),
  };
  return startControlPlaneMetricsLoop(deps, {
    intervalMs: settings.collectIntervalSeconds * 1_000,
    rollupIntervalMs: METRICS_ROLLUP_INTERVAL_MS,
    timeoutMs: settings.scrapeTimeoutSeconds * 1_000,
    concurrency: settings.scrapeConcurrency,
    retention: settings.retention,
    log,
    leadership: loopLeadership(requireDatabaseUrl(runtime.config), "control-plane-metrics", owner, log),
  });
}
