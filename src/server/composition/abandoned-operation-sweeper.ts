import type { Logger } from "@/server/observability/logger";
import { closeAbandonedOperations } from "@/server/services/clusters/close-abandoned-operations";
import type { ServiceDeps } from "@/server/services/service-deps";

const SWEEP_INTERVAL_MS = 15_000;

/**
 * Runs closeAbandonedOperations every 15 s in a process that runs jobs. Returns
 * a stop function that waits for a sweep in progress.
 */
export function startAbandonedOperationSweeper(deps: Pick<ServiceDeps, "db" | "now">, log: Logger, intervalMs = SWEEP_INTERVAL_MS): () => Promise<void> {
  const sweepLog = log.child({ component: "operation-sweeper" });
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    running ??= closeAbandonedOperations({ ...deps, log: sweepLog })
      .catch((error: unknown) => sweepLog.warn("sweeping abandoned operations failed", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref?.();
  sweep();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
