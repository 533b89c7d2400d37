import { requireDatabaseUrl } from "@/server/config/env";
import { retryDelayMs, type BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { Logger } from "@/server/observability/logger";
import { syncWorkloadEdge, type WorkloadEdgeSyncDeps, type WorkloadEdgeSyncResult } from "@/server/services/workload-edge/sync-workload-edge";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { errorMessage } from "./periodic-pass";
import { startSerialLoop } from "./serial-loop";
import type { Runtime } from "./runtime";
import { workloadEdgeSyncDeps } from "./workload-edge-sync-deps";

export interface WorkloadEdgeLoop {
  /** A pass soon, in any process (a cluster job just ended here); requests during a pass fold into one more. */
  requestPass(): void;
  stop(): Promise<void>;
}

/** After a failed pass (an apiserver blip, a CRD still initialising): 2 s, doubling, never later than the interval. */
export const workloadEdgeRetryBackoff = (intervalMs: number): BackoffPolicy => ({ baseMs: Math.min(2_000, intervalMs), factor: 2, maxMs: intervalMs, jitter: 0.2 });

/**
 * Runs syncWorkloadEdge every `intervalMs` on the leader only (one process converges the shared Gateway,
 * the others look again each interval and take over when it goes), and whenever requestPass() is called
 * in any process: those passes and the leader's are serialised by the pass lock. A failed pass is logged
 * when its message differs from the last one's and retried with backoff (sooner than the interval); the pass
 * itself logs the status changes, so a steady edge writes no line.
 */
export function startWorkloadEdgeLoop(
  deps: WorkloadEdgeSyncDeps,
  options: { intervalMs: number; log: Logger; leadership: LoopLeadership; onPass?: (result: WorkloadEdgeSyncResult | Error) => void },
): WorkloadEdgeLoop {
  let lastError: string | undefined;
  let failures = 0;
  const loop = startSerialLoop(async (trigger) => {
    try {
      if (trigger === "request" || (await options.leadership.leads())) {
        const result = await syncWorkloadEdge(deps);
        if (lastError !== undefined) options.log.info("workload edge passes work again");
        lastError = undefined;
        failures = 0;
        options.onPass?.(result);
      }
      return options.intervalMs;
    } catch (error) {
      const text = errorMessage(error);
      failures += 1;
      if (text !== lastError) options.log.warn("workload edge pass failed; retried at the next pass", { error: text });
      lastError = text;
      options.onPass?.(error instanceof Error ? error : new Error(text));
      return retryDelayMs(failures, workloadEdgeRetryBackoff(options.intervalMs));
    }
  });
  return {
    requestPass: () => loop.requestPass(),
    async stop() {
      await loop.stop();
      await options.leadership.close();
    },
  };
}

/** The loop of a job-processing process (LOOPS); throws ConfigError when KUBEBYON_WORKLOAD_* is half configured. */
export function startRuntimeWorkloadEdgeLoop(runtime: Pick<Runtime, "deps" | "log" | "config" | "clusterRuntime" | "process">, owner: string): WorkloadEdgeLoop {
  const log = runtime.log.child({ component: "workload-edge" });
  const deps = workloadEdgeSyncDeps({ config: runtime.config, db: runtime.deps.db, log, now: runtime.deps.now, resolver: runtime.clusterRuntime.resolver, processName: runtime.process });
  return startWorkloadEdgeLoop(deps, {
    intervalMs: runtime.config.workloadEdge.syncIntervalSeconds * 1_000,
    log,
    leadership: loopLeadership(requireDatabaseUrl(runtime.config), "workload-edge", owner, log),
  });
}
