import { closeAbandonedOperations } from "@/server/services/clusters/close-abandoned-operations";
import type { Runtime } from "./runtime";

const SWEEP_INTERVAL_MS = 15_000;

/**
 * Runs closeAbandonedOperations every 15 s in a process that runs jobs. Returns
 * a stop function that waits for a sweep in progress.
 */
export function startAbandonedOperationSweeper(runtime: Pick<Runtime, "deps" | "log">, intervalMs = SWEEP_INTERVAL_MS): () => Promise<void> {
  const { db, now } = runtime.deps;
  const sweepLog = runtime.log.child({ component: "operation-sweeper" });
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    running ??= closeAbandonedOperations({ db, now, log: sweepLog })
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
