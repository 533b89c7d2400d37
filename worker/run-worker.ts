import { startJobProcessing, type JobProcessing } from "@/server/composition/job-processing";
import { buildRuntime, type Runtime } from "@/server/composition/runtime";
import { logStartupLines } from "@/server/composition/startup-lines";
import { requireDatabaseUrl, type Config } from "@/server/config/env";
import { applyMigrations } from "@/server/infra/db/migrate";
import type { Logger } from "@/server/observability/logger";
import type { ReadinessProbe } from "@/server/services/health/check-readiness";
import type { JobRunner } from "@/server/services/jobs/job-runner";
import { startWorkerHttp } from "./worker-http";

export interface RunningWorker {
  runner: JobRunner;
  /** The port of the /healthz, /readyz and /metrics listener (KUBEBYON_WORKER_HTTP_ADDR). */
  httpPort: number;
  /** Stops leasing, waits for running jobs (bounded), stops the other loops, closes the listener, RabbitMQ and the pool. */
  stop(): Promise<void>;
}

/**
 * Brings the worker up: schema first (the service initialises its own schema
 * on start), then the same job processing the single-node web process runs,
 * woken by RabbitMQ when it is configured, then its HTTP listener.
 */
export async function runWorker(config: Config, log: Logger): Promise<RunningWorker> {
  const { applied } = await applyMigrations(requireDatabaseUrl(config), { log: (message) => log.info(message) });
  log.info("database schema ready", { appliedMigrations: applied });
  logStartupLines(log, config, applied);

  const runtime = buildRuntime(config, { process: "kubebyon-worker", log });
  let processing: JobProcessing | undefined;
  let http;
  try {
    processing = await startJobProcessing(runtime, config.workerId);
    http = await startWorkerHttp({ listen: config.workerHttp, probes: workerReadinessProbes(runtime, processing), registry: runtime.metrics.registry, log });
  } catch (error) {
    await processing?.stop();
    await runtime.close();
    throw error;
  }
  log.info("worker ready", { workerId: config.workerId, mode: config.rabbitmqUrl ? "rabbitmq+polling" : "polling", queue: config.rabbitmqUrl ? config.rabbitmqQueue : undefined });

  const started = processing;
  const listener = http;
  return {
    runner: started.runner,
    httpPort: listener.address.port,
    async stop() {
      // The listener stays up while jobs drain, so /readyz says 503 (job runner stopping) meanwhile.
      await started.stop();
      await listener.close();
      await runtime.close();
    },
  };
}

/**
 * The worker's /readyz: PostgreSQL answers (the web's own database probe), the job runner leases and the
 * background loops run. RabbitMQ is left out on purpose: without it the worker still finds every job by
 * polling (docs/jobs.md), so a broker outage must not mark it unready.
 */
function workerReadinessProbes(runtime: Runtime, processing: JobProcessing): Record<string, ReadinessProbe> {
  const database = runtime.readinessProbes.database;
  if (!database) throw new Error("the runtime has no database readiness probe");
  return {
    database,
    job_runner: async () => {
      if (!processing.running().jobRunner) throw new Error("the job runner is not leasing jobs (stopped or stopping)");
    },
    scheduler: async () => {
      if (!processing.running().background) throw new Error("the background tasks are not running (stopped or stopping)");
    },
  };
}
