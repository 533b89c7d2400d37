import { requireDatabaseUrl } from "@/server/config/env";
import { loadHostKubeConfig } from "@/server/infra/kube/host-kube-config";
import { KubeJoinedNodeRouteReader } from "@/server/infra/kube/joined-node-route-reader";
import { KubeRoutePlanStore } from "@/server/infra/kube/route-plan-store";
import type { Logger } from "@/server/observability/logger";
import { joinedNodeRouteSources } from "@/server/services/pod-routes/list-joined-node-routes";
import type { JoinedNodeRouteSourceList, RoutePlanStore } from "@/server/services/pod-routes/ports";
import { syncRoutePlans, type RoutePlanSyncResult } from "@/server/services/pod-routes/sync-route-plans";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { errorMessage, startPeriodicPass } from "./periodic-pass";
import type { Runtime } from "./runtime";

/** What makes two passes "the same" for the log: the route set, the nodes refused, the clusters unreadable. */
function signature(result: RoutePlanSyncResult): string {
  return JSON.stringify([
    result.routes.map((r) => `${r.destination}>${r.gateway}`),
    result.refused.map((r) => `${r.clusterId}/${r.nodeName}:${r.reason}`),
    result.unreadable.map((u) => `${u.clusterId}:${u.message}`),
  ]);
}

/**
 * routeagent mode: writes the route plans (syncRoutePlans) at start and every `intervalMs`; of several
 * job-processing processes only the leader writes, the agents on the host nodes apply them. A pass is logged when
 * it wrote or deleted a plan or its outcome differs from the last one's.
 */
export function startRoutePlanLoop(
  deps: { source: JoinedNodeRouteSourceList; store: RoutePlanStore; log: Logger },
  options: { intervalMs: number; leadership: LoopLeadership },
): () => Promise<void> {
  let lastSignature: string | undefined;
  let lastError: string | undefined;
  const stop = startPeriodicPass({
    intervalMs: options.intervalMs,
    run: async () => {
      if (!(await options.leadership.leads())) return;
      const result = await syncRoutePlans(deps);
      lastError = undefined;
      const sig = signature(result);
      if (result.applied.length === 0 && result.deleted.length === 0 && sig === lastSignature) return;
      lastSignature = sig;
      deps.log.info("PodCIDR route plans written", {
        routes: result.routes.length,
        applied: result.applied,
        deleted: result.deleted,
        unchanged: result.unchanged.length,
        refused: result.refused.map((r) => ({ cluster_id: r.clusterId, node: r.nodeName, reason: r.reason, message: r.message })),
        unreadable: result.unreadable.map((u) => ({ cluster_id: u.clusterId, message: u.message })),
      });
    },
    onError: (error) => {
      lastSignature = undefined;
      const text = errorMessage(error);
      if (text === lastError) return;
      lastError = text;
      deps.log.warn("PodCIDR route plan pass failed; retried at the next pass", { error: text });
    },
  });
  return async () => {
    await stop();
    await options.leadership.close();
  };
}

/** routeagent mode in a job-processing process: the runtime's database and resolver, the plans on the host cluster. */
export function startRuntimeRoutePlanLoop(runtime: Pick<Runtime, "clusterRuntime" | "config" | "log">, owner: string): () => Promise<void> {
  const { clusterRuntime, config } = runtime;
  // Made on first use, like the cluster runtime's adapters: without a host kubeconfig the process still starts and
  // each pass logs loadHostKubeConfig's message (which setting to fix).
  let store: KubeRoutePlanStore | undefined;
  const host = () => (store ??= new KubeRoutePlanStore(loadHostKubeConfig({ kubeconfigPath: config.kubeconfigPath })));
  return startRoutePlanLoop(
    {
      source: joinedNodeRouteSources({ db: clusterRuntime.db, resolver: clusterRuntime.resolver, reader: new KubeJoinedNodeRouteReader() }),
      store: {
        listHostNodes: () => host().listHostNodes(),
        listPlans: () => host().listPlans(),
        apply: (nodeName, routes) => host().apply(nodeName, routes),
        delete: (nodeName) => host().delete(nodeName),
      },
      log: runtime.log.child({ component: "route-plans" }),
    },
    {
      intervalMs: config.workloadEdge.syncIntervalSeconds * 1_000,
      leadership: loopLeadership(requireDatabaseUrl(config), "route-plans", owner, runtime.log),
    },
  );
}
