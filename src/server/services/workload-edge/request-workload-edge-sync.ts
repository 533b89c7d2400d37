import { CoalescedPasses } from "@/server/services/coalesced-passes";
import { syncWorkloadEdge, type WorkloadEdgeSyncDeps, type WorkloadEdgeSyncResult } from "./sync-workload-edge";

const requested = new CoalescedPasses<WorkloadEdgeSyncResult>();

/**
 * "Sync now" after a change the caller committed (a hostname binding created or deleted): starts a pass
 * without making the request wait for the host and the clusters. Requests coalesce per process (per deps
 * object), as requestManagedDnsSync does for DNS. Never rejects: a failure is logged and the periodic loop
 * retries. Returns the pass for callers that wait.
 */
export function requestWorkloadEdgeSync(deps: WorkloadEdgeSyncDeps): Promise<WorkloadEdgeSyncResult | null> {
  return requested.request(deps, () => syncWorkloadEdge(deps), (error) =>
    deps.log.warn("workload edge pass after a change failed; the periodic pass retries", { error: error instanceof Error ? error.message : String(error) }),
  );
}

/**
 * What a change that moves workload edge hostnames carries: a process whose runtime runs the workload edge
 * sets `workloadEdgeSync` (a requestWorkloadEdgeSync bound to its deps); without it the periodic pass catches up.
 */
export interface WorkloadEdgeChangeDeps {
  workloadEdgeSync?: () => void;
}
