import { syncWorkloadEdge, type WorkloadEdgeSyncDeps, type WorkloadEdgeSyncResult } from "./sync-workload-edge";

type Pass = Promise<WorkloadEdgeSyncResult | null>;
/** Per deps object (one per process): the pass running and at most one queued behind it. */
const requested = new WeakMap<object, { running: Pass | null; queued: Pass | null }>();

/**
 * "Sync now" after a change the caller committed (a hostname binding created or deleted): starts a pass
 * without making the request wait for the host and the clusters. Requests coalesce per process — one pass
 * running, at most one queued that every later request joins — as requestManagedDnsSync does for DNS.
 * Never rejects: a failure is logged and the periodic loop retries. Returns the pass for callers that wait.
 */
export function requestWorkloadEdgeSync(deps: WorkloadEdgeSyncDeps): Pass {
  let state = requested.get(deps);
  if (!state) {
    state = { running: null, queued: null };
    requested.set(deps, state);
  }
  const s = state;
  if (s.queued) return s.queued;
  const start = (): Pass => {
    const pass: Pass = syncWorkloadEdge(deps)
      .catch((error: unknown) => {
        deps.log.warn("workload edge pass after a change failed; the periodic pass retries", { error: error instanceof Error ? error.message : String(error) });
        return null;
      })
      .finally(() => {
        if (s.running === pass) s.running = null;
      });
    s.running = pass;
    return pass;
  };
  if (!s.running) return start();
  s.queued = s.running.then(() => {
    s.queued = null;
    return start();
  });
  return s.queued;
}

/**
 * What a change that moves workload edge hostnames carries: a process whose runtime runs the workload edge
 * sets `workloadEdgeSync` (a requestWorkloadEdgeSync bound to its deps); without it the periodic pass catches up.
 */
export interface WorkloadEdgeChangeDeps {
  workloadEdgeSync?: () => void;
}
