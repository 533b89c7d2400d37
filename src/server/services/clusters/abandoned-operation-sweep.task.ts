import type { BackgroundTask } from "@/server/services/background/background-task";
import type { ServiceDeps } from "@/server/services/service-deps";
import { closeAbandonedOperations } from "./close-abandoned-operations";

/** Operations whose job is gone are closed within this (docs/jobs.md). */
export const ABANDONED_OPERATION_SWEEP_MS = 15_000;

/** Closes operations whose job ended without closing them; each process may sweep (the close is conditional). */
export const abandonedOperationSweepTask: BackgroundTask<Pick<ServiceDeps, "db" | "log" | "now">, number> = {
  name: "abandoned-operation-sweep",
  scope: "each-process",
  intervalMs: () => ABANDONED_OPERATION_SWEEP_MS,
  run: (deps) => closeAbandonedOperations(deps),
};
