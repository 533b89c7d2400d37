import { requireDatabaseUrl, type Config } from "@/server/config/env";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";
import { NodeObserver } from "@/server/services/nodes/node-observer";

/**
 * The node observer for a process that runs cluster jobs (the web process in
 * single-node mode, each worker in multi-node mode). Not started here.
 */
export function createNodeObserver(config: Config, runtime: ClusterRuntimeDeps, processName: string): NodeObserver {
  return new NodeObserver(
    {
      ...runtime,
      log: runtime.log.child({ component: "node-observer" }),
      watcher: new KubeNodeWatcher(),
      claims: new PgAdvisoryClaims({
        connectionString: requireDatabaseUrl(config),
        lockClass: sessionLocks.nodeObserverClaimsClass,
        applicationName: `kubebyon node observer (${processName})`,
      }),
    },
    { rescanIntervalMs: config.nodeObserverRescanSeconds * 1000 },
  );
}
