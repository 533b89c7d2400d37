import { loadConfig } from "@/server/config/env";
import { createLogger, type LogLevel } from "@/server/observability/logger";
import { runWorker, type RunningWorker } from "./run-worker";

// Entry point of the standalone worker (`npm run worker`): runs cluster jobs
// leased from PostgreSQL, woken early by RabbitMQ when it is configured.

const log = createLogger({
  level: (process.env.KUBEBYON_LOG_LEVEL as LogLevel | undefined) ?? "info",
  base: { service: "kubebyon-worker" },
});

let starting: Promise<RunningWorker> | undefined;
let stopping = false;

function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    log.warn("second signal; exiting without waiting for running jobs", { signal });
    process.exit(1);
  }
  stopping = true;
  log.info("shutting down", { signal });
  // A signal during start-up waits for start-up, so a job leased meanwhile is finished or aborted properly.
  const stopped = starting ? starting.then((worker) => worker.stop()) : Promise.resolve();
  stopped.then(
    () => {
      log.info("worker stopped");
      process.exit(0);
    },
    (error: unknown) => {
      log.error("worker did not stop cleanly", { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
}

process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

try {
  const config = loadConfig();
  log.info("worker starting", { workerId: config.workerId });
  starting = runWorker(config, log.child({ workerId: config.workerId }));
  await starting;
} catch (error) {
  log.error("worker failed to start", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
