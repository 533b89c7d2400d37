import { decideConnection, type ReadinessOutcome } from "@/server/domain/cluster-health/connection-rules";
import type { Cluster } from "@/server/infra/db/client";
import { forEachLimited, withTimeout } from "@/server/services/bounded-work";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { ControlPlaneHealthDeps } from "./cluster-health-deps";
import { PROBED_STATUSES, recordProbeOutcome, type RecordedOutcome } from "./record-probe-outcome";

export interface ProbePassResult {
  probed: number;
  /** Clusters whose /readyz did not answer ok this pass (debounced or not). */
  failing: string[];
  /** Transitions this pass wrote. */
  unreachable: string[];
  connected: string[];
  /** Probes whose result could not be written (the database): retried by the next pass. */
  unrecorded: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Connect (read vc-<name>, the route) and GET /readyz, bounded together; any failure on the way is the cluster's. */
async function probe(deps: ControlPlaneHealthDeps, cluster: Cluster, signal: AbortSignal | undefined): Promise<ReadinessOutcome> {
  try {
    const started = Date.now();
    const connection = await withTimeout(connectToCluster(deps, cluster), deps.settings.timeoutMs);
    const left = Math.max(1, deps.settings.timeoutMs - (Date.now() - started));
    return await deps.readiness.check(connection.credentials, { timeoutMs: left, signal });
  } catch (error) {
    return { ok: false, error: `could not connect: ${messageOf(error)}` };
  }
}

/**
 * One control-plane health pass (docs/cluster-runtime.md "Control-plane health"): probes every live cluster's
 * /readyz through the platform's own route with the cluster's credentials, at most `concurrency` at a time, and
 * records each result (recordProbeOutcome: failure memory, debounced transitions, history, notifications).
 * Everything it remembers is in the clusters' rows, so the pass that follows may run in another process.
 */
export async function probeControlPlanes(deps: ControlPlaneHealthDeps, signal?: AbortSignal): Promise<ProbePassResult> {
  const clusters = await deps.db.cluster.findMany({ where: { status: { in: [...PROBED_STATUSES] } }, orderBy: { id: "asc" } });
  const result: ProbePassResult = { probed: 0, failing: [], unreachable: [], connected: [], unrecorded: 0 };
  await forEachLimited(clusters, deps.settings.concurrency, async (cluster) => {
    if (signal?.aborted) return;
    const outcome = await probe(deps, cluster, signal);
    if (signal?.aborted) return; // an aborted probe says nothing about the cluster
    result.probed += 1;
    if (!outcome.ok) result.failing.push(cluster.id);
    const decision = decideConnection({ status: cluster.connectionStatus, failingSince: cluster.connectionFailingSince }, outcome, deps.now(), deps.settings.unreachableAfterMs);
    let recorded: RecordedOutcome;
    try {
      recorded = await recordProbeOutcome(deps, cluster, decision);
    } catch (error) {
      result.unrecorded += 1;
      deps.log.warn("could not record a control-plane probe; the next pass probes again", { cluster_id: cluster.id, error: messageOf(error) });
      return;
    }
    if (recorded === "unreachable" || recorded === "connected") {
      result[recorded].push(cluster.id);
      const transition = decision.transition!;
      deps.log[recorded === "unreachable" ? "warn" : "info"]("cluster connection status changed", { cluster_id: cluster.id, from: transition.from, to: transition.to, reason: transition.reason });
    }
  });
  return result;
}
