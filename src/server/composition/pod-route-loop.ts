import { KubeJoinedNodeRouteReader } from "@/server/infra/kube/joined-node-route-reader";
import { IpRouteCli } from "@/server/infra/net/ip-route-cli";
import type { Logger } from "@/server/observability/logger";
import { describeConverge } from "@/server/services/pod-routes/converge-pod-routes";
import { joinedNodeRouteSources } from "@/server/services/pod-routes/list-joined-node-routes";
import type { HostRouteTable, JoinedNodeRouteSourceList } from "@/server/services/pod-routes/ports";
import { syncLocalPodRoutes, type LocalPodRouteSyncResult } from "@/server/services/pod-routes/sync-local-pod-routes";
import { errorMessage, startPeriodicPass } from "./periodic-pass";
import type { Runtime } from "./runtime";

/** What makes two passes "the same" for the log: the nodes refused, the clusters unreadable, routes blocked or failing. */
function signature(result: LocalPodRouteSyncResult): string {
  return JSON.stringify([
    result.refused.map((r) => `${r.clusterId}/${r.nodeName}:${r.reason}`),
    result.unreadable.map((u) => `${u.clusterId}:${u.message}`),
    result.blocked.map((b) => b.route.destination),
    result.failed.map((f) => `${f.destination}:${f.message}`),
  ]);
}

/**
 * Local mode: converges this host's PodCIDR routes (syncLocalPodRoutes) at start and every `intervalMs`. Not
 * leader-gated: every job-processing process needs the routes on its own host. A pass is logged when it changed a
 * route or its outcome differs from the last one's, so a steady table writes no line every tick.
 */
export function startPodRouteLoop(deps: { source: JoinedNodeRouteSourceList; table: HostRouteTable; log: Logger }, options: { intervalMs: number }): () => Promise<void> {
  let lastSignature: string | undefined;
  let lastError: string | undefined;
  return startPeriodicPass({
    intervalMs: options.intervalMs,
    run: async () => {
      const result = await syncLocalPodRoutes(deps);
      lastError = undefined;
      const sig = signature(result);
      if (result.replaced.length === 0 && result.deleted.length === 0 && sig === lastSignature) return;
      lastSignature = sig;
      const fields = {
        routes: describeConverge(result),
        refused: result.refused.map((r) => ({ cluster_id: r.clusterId, node: r.nodeName, reason: r.reason, message: r.message })),
        unreadable: result.unreadable.map((u) => ({ cluster_id: u.clusterId, message: u.message })),
      };
      if (result.failed.length > 0 || result.blocked.length > 0) deps.log.warn("PodCIDR routes not fully converged on this host", fields);
      else deps.log.info("PodCIDR routes converged on this host", fields);
    },
    onError: (error) => {
      lastSignature = undefined;
      const text = errorMessage(error);
      if (text === lastError) return;
      lastError = text;
      deps.log.warn("PodCIDR route pass failed; retried at the next pass", { error: text });
    },
  });
}

/** Local mode in a job-processing process: the runtime's database and resolver, iproute2 in this process's network namespace. */
export function startRuntimePodRouteLoop(runtime: Pick<Runtime, "clusterRuntime" | "config" | "log">): () => Promise<void> {
  const { clusterRuntime, config } = runtime;
  return startPodRouteLoop(
    {
      source: joinedNodeRouteSources({ db: clusterRuntime.db, resolver: clusterRuntime.resolver, reader: new KubeJoinedNodeRouteReader() }),
      table: new IpRouteCli({ protocol: config.workloadEdge.podCidrRoutes.protocol }),
      log: runtime.log.child({ component: "pod-routes" }),
    },
    { intervalMs: config.workloadEdge.syncIntervalSeconds * 1_000 },
  );
}
