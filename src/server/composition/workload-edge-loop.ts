import { requireDatabaseUrl } from "@/server/config/env";
import type { Logger } from "@/server/observability/logger";
import { syncWorkloadEdge, type WorkloadEdgeSyncDeps, type WorkloadEdgeSyncResult } from "@/server/services/workload-edge/sync-workload-edge";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { startLeaderPassLoop, type LeaderPassLoop } from "./leader-pass-loop";
import type { Runtime } from "./runtime";
import { workloadEdgeSyncDeps } from "./workload-edge-sync-deps";

export type WorkloadEdgeLoop = LeaderPassLoop;

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
  return startLeaderPassLoop({ what: "workload edge", pass: () => syncWorkloadEdge(deps), ...options });
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
