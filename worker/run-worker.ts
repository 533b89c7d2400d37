import { buildClusterRuntimeDeps } from "@/server/composition/cluster-runtime";
import { startAbandonedOperationSweeper } from "@/server/composition/abandoned-operation-sweeper";
import { createNodeObserver } from "@/server/composition/node-observer";
import { buildNotificationDeliveryDeps, startNotificationDispatcher } from "@/server/composition/notification-dispatcher";
import { requireDatabaseUrl, type Config } from "@/server/config/env";
import { createPrismaClient } from "@/server/infra/db/client";
import { applyMigrations } from "@/server/infra/db/migrate";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { RabbitMqJobWakeups } from "@/server/infra/mq/rabbitmq-job-wakeups";
import type { Logger } from "@/server/observability/logger";
import { createJobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { JobRunner } from "@/server/services/jobs/job-runner";

export interface RunningWorker {
  runner: JobRunner;
  /** Stops leasing, waits for running jobs (bounded), closes RabbitMQ and the pool. */
  stop(): Promise<void>;
}

/**
 * Brings the worker up: schema first (the service initialises its own schema
 * on start), then the runner, then wake-ups if RabbitMQ is configured.
 */
export async function runWorker(config: Config, log: Logger): Promise<RunningWorker> {
  const databaseUrl = requireDatabaseUrl(config);
  const { applied } = await applyMigrations(databaseUrl, { log: (message) => log.info(message) });
  log.info("database schema ready", { appliedMigrations: applied });

  const db = createPrismaClient(databaseUrl);
  const store = new PrismaJobStore(db);
  const wakeups = config.rabbitmqUrl
    ? new RabbitMqJobWakeups({
        url: config.rabbitmqUrl,
        queue: config.rabbitmqQueue,
        connectionName: `kubebyon-worker ${config.workerId}`,
        logger: log.child({ component: "rabbitmq" }),
      })
    : undefined;
  const clusterRuntime = buildClusterRuntimeDeps(config, db, log);
  const runner = new JobRunner({
    store,
    registry: createJobHandlerRegistry(clusterRuntime),
    wakeups,
    owner: config.workerId,
    leaseMs: config.jobLeaseSeconds * 1_000,
    pollIntervalMs: config.jobPollIntervalMs,
    logger: log.child({ component: "job-runner" }),
  });

  try {
    await runner.start();
  } catch (error) {
    await wakeups?.close();
    await db.$disconnect();
    throw error;
  }
  const nodeObserver = createNodeObserver(config, clusterRuntime, config.workerId);
  nodeObserver.start();
  const stopSweeper = startAbandonedOperationSweeper({ db, now: () => new Date() }, log);
  const stopNotifications = startNotificationDispatcher(buildNotificationDeliveryDeps(config, db, log));
  log.info("worker ready", { workerId: config.workerId, mode: wakeups ? "rabbitmq+polling" : "polling", queue: wakeups?.queue });

  return {
    runner,
    async stop() {
      await stopSweeper();
      await stopNotifications();
      await nodeObserver.stop();
      await runner.stop();
      await wakeups?.close();
      await db.$disconnect();
    },
  };
}
