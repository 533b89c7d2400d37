import { requireDatabaseUrl } from "@/server/config/env";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import { KubeBootstrapCsrWatcher } from "@/server/infra/kube/bootstrap-csr-watcher";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import { evaluateNodeAlerts } from "@/server/services/node-health/evaluate-node-alerts";
import { NodeObserver } from "@/server/services/nodes/node-observer";
import { buildNodeAlertDeps } from "./node-alert-loop";
import type { Runtime } from "./runtime";

/**
 * The node observer for a process that runs cluster jobs (the web process in
 * single-node mode, each worker in multi-node mode). Not started here.
 */
export function createNodeObserver(runtime: Pick<Runtime, "config" | "clusterRuntime" | "deps" | "log">, processName: string): NodeObserver {
  const { config, clusterRuntime, deps } = runtime;
  const alerts = buildNodeAlertDeps(runtime);
  return new NodeObserver(
    {
      ...clusterRuntime,
      // The process's job queue: a Ready node enqueues the managed ingress install that waited for one.
      jobs: deps.jobs,
      wakeups: deps.wakeups,
      log: clusterRuntime.log.child({ component: "node-observer" }),
      watcher: new KubeNodeWatcher(),
      csrWatcher: new KubeBootstrapCsrWatcher(),
      // A join or a status change is judged at once (node limit, version skew, a recovery's start); time-based thresholds by the alert loop.
      afterNodeEvents: (clusterId) => evaluateNodeAlerts(alerts, { clusterIds: [clusterId] }),
      claims: new PgAdvisoryClaims({
        connectionString: requireDatabaseUrl(config),
        lockClass: sessionLocks.nodeObserverClaimsClass,
        applicationName: `kubebyon node observer (${processName})`,
      }),
    },
    { rescanIntervalMs: config.nodeObserverRescanSeconds * 1000 },
  );
}
