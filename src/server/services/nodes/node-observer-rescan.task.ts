import type { BackgroundTask } from "@/server/services/background/background-task";
import type { NodeObserver } from "./node-observer";

/**
 * The node observer's rescan (docs/cluster-runtime.md "Observer"): every process re-reads which clusters to watch
 * (new ready clusters, deleted ones, endpoint changes) and claims the unwatched ones; the watches themselves run
 * between passes and end with the process (close).
 */
export const nodeObserverRescanTask: BackgroundTask<Pick<NodeObserver, "rescan" | "stop">, void> = {
  name: "node-observer-rescan",
  scope: "each-process",
  intervalMs: (config) => config.nodeObserverRescanSeconds * 1_000,
  run: (observer) => observer.rescan(),
  close: (observer) => observer.stop(),
};
