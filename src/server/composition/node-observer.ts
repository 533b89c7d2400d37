import { requireDatabaseUrl, type Config } from "@/server/config/env";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";
import { NodeObserver } from "@/server/services/nodes/node-observer";

/** Advisory-lock class of node observer claims ("KBNO"), apart from any other advisory lock we take. */
const NODE_OBSERVER_LOCK_CLASS = 0x4b424e4f;

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
        lockClass: NODE_OBSERVER_LOCK_CLASS,
        applicationName: `kubebyon node observer (${processName})`,
      }),
    },
    { rescanIntervalMs: config.nodeObserverRescanSeconds * 1000 },
  );
}
