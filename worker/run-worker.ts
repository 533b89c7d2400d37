import { startJobProcessing } from "@/server/composition/job-processing";
import { buildRuntime } from "@/server/composition/runtime";
import { logStartupLines } from "@/server/composition/startup-lines";
import { requireDatabaseUrl, type Config } from "@/server/config/env";
import { applyMigrations } from "@/server/infra/db/migrate";
import type { Logger } from "@/server/observability/logger";
import type { JobRunner } from "@/server/services/jobs/job-runner";

export interface RunningWorker {
  runner: JobRunner;
  /** Stops leasing, waits for running jobs (bounded), stops the other loops, closes RabbitMQ and the pool. */
  stop(): Promise<void>;
}

/**
 * Brings the worker up: schema first (the service initialises its own schema
 * on start), then the same job processing the single-node web process runs,
 * woken by RabbitMQ when it is configured.
 */
export async function runWorker(config: Config, log: Logger): Promise<RunningWorker> {
  const { applied } = await applyMigrations(requireDatabaseUrl(config), { log: (message) => log.info(message) });
  log.info("database schema ready", { appliedMigrations: applied });
  logStartupLines(log, config, applied);

  const runtime = buildRuntime(config, { process: "kubebyon-worker", log });
  let processing;
  try {
    processing = await startJobProcessing(runtime, config.workerId);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  log.info("worker ready", { workerId: config.workerId, mode: config.rabbitmqUrl ? "rabbitmq+polling" : "polling", queue: config.rabbitmqUrl ? config.rabbitmqQueue : undefined });

  return {
    runner: processing.runner,
    async stop() {
      await processing.stop();
      await runtime.close();
    },
  };
}
