import { requireDatabaseUrl } from "@/server/config/env";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import { KubeNodeWatcher } from "@/server/infra/kube/node-watcher";
import { NodeObserver } from "@/server/services/nodes/node-observer";
import type { Runtime } from "./runtime";

/** Advisory-lock class of node observer claims ("KBNO"), apart from any other advisory lock we take. */
const NODE_OBSERVER_LOCK_CLASS = 0x4b424e4f;

/**
 * The node observer for a process that runs cluster jobs (the web process in
 * single-node mode, each worker in multi-node mode). Not started here.
 */
export function createNodeObserver(runtime: Pick<Runtime, "config" | "clusterRuntime">, processName: string): NodeObserver {
  const { config, clusterRuntime } = runtime;
  return new NodeObserver(
    {
      ...clusterRuntime,
      log: clusterRuntime.log.child({ component: "node-observer" }),
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
