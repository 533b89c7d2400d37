import { KubeBootstrapCsrWatcher } from "@/server/infra/kube/bootstrap-csr-watcher";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import { evaluateNodeAlerts, nodeAlertSettings, type NodeAlertDeps } from "@/server/services/node-health/evaluate-node-alerts";
import { NodeObserver } from "@/server/services/nodes/node-observer";
import type { ObserverClaims } from "@/server/services/nodes/ports";
import type { Runtime } from "./runtime";

/** The node alert evaluator's dependencies in a process that runs jobs (KUBEBYON_NODE_ALERT_*). */
export function buildNodeAlertDeps(runtime: Pick<Runtime, "config" | "deps" | "log">): NodeAlertDeps {
  const { db, now } = runtime.deps;
  return { db, now, log: runtime.log.child({ component: "node-alerts" }), settings: nodeAlertSettings(runtime.config.nodeAlerts) };
}

/**
 * The node observer of a process that runs cluster jobs (the web process in single-node mode, each worker in
 * multi-node mode), claiming clusters with `claims` (the process's advisory session, composition/job-processing.ts).
 * Its rescans are the node-observer-rescan task's passes.
 */
export function createNodeObserver(runtime: Pick<Runtime, "config" | "clusterRuntime" | "deps" | "log">, processName: string, claims: ObserverClaims): NodeObserver {
  const { clusterRuntime, deps } = runtime;
  const alerts = buildNodeAlertDeps(runtime);
  return new NodeObserver(
    {
      ...clusterRuntime,
      // The process's job queue: a Ready node enqueues the managed ingress install that waited for one.
      jobs: deps.jobs,
      wakeups: deps.wakeups,
      log: clusterRuntime.log.child({ component: "node-observer", observer: processName }),
      watcher: new KubeNodeWatcher(),
      csrWatcher: new KubeBootstrapCsrWatcher(),
      // A join or a status change is judged at once (node limit, version skew, a recovery's start); time-based thresholds by the node-alerts task.
      afterNodeEvents: (clusterId) => evaluateNodeAlerts(alerts, { clusterIds: [clusterId] }),
      claims,
    },
    {},
  );
}
