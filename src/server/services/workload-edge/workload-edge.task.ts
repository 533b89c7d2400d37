import type { BackgroundTask } from "@/server/services/background/background-task";
import { syncWorkloadEdge, type WorkloadEdgeSyncDeps, type WorkloadEdgeSyncResult } from "./sync-workload-edge";

/**
 * The shared workload Gateway (docs/workload-edge.md "Runtime"): one process converges it each interval; a cluster job
 * ending, or a hostname binding change, asks for a pass in the process where it happened — passes of every process are
 * serialised by the workload edge pass lock. The pass logs each cluster's status change itself.
 */
export const workloadEdgeTask: BackgroundTask<WorkloadEdgeSyncDeps, WorkloadEdgeSyncResult> = {
  name: "workload-edge",
  scope: "leader",
  intervalMs: (config) => config.workloadEdge.syncIntervalSeconds * 1_000,
  triggers: ["cluster-lifecycle-job"],
  run: (deps) => syncWorkloadEdge(deps),
};
