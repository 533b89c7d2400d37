import { requireAuthSecret, requireDatabaseUrl } from "@/server/config/env";
import { applyMigrations } from "@/server/infra/db/migrate";
import { ensureFirstAdmin } from "@/server/services/auth/ensure-first-admin";
import { createJobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { startInProcessJobExecutor, type InProcessJobExecutor } from "@/server/services/jobs/start-in-process-job-executor";
import type { NodeObserver } from "@/server/services/nodes/node-observer";
import { startAbandonedOperationSweeper } from "./abandoned-operation-sweeper";
import { createNodeObserver } from "./node-observer";
import { buildNotificationDeliveryDeps, startNotificationDispatcher } from "./notification-dispatcher";
import { getRuntime } from "./runtime";

/**
 * Start-up work of the web process (called from Next's instrumentation hook):
 * schema, first admin, and — in single-node mode, when no RabbitMQ is
 * configured — the in-process job executor and node observer. A configuration error stops the
 * process with one line naming the variable.
 */
export async function startWebBackground(): Promise<void> {
  const { config, deps, log, inProcessWakeups, clusterRuntime } = getRuntime();
  requireAuthSecret(config);
  const databaseUrl = requireDatabaseUrl(config);

  const { applied } = await applyMigrations(databaseUrl, { log: (message) => log.info(message) });
  log.info("storage initialized", { driver: "postgres", applied_migrations: applied });

  const admin = await ensureFirstAdmin(deps, config.firstAdmin);
  if (admin.created) {
    log.info("first administrator created", { email: admin.email });
    if (admin.generatedPassword) printGeneratedAdmin(admin.email, admin.generatedPassword);
  }

  let executor: InProcessJobExecutor | undefined;
  let nodeObserver: NodeObserver | undefined;
  let stopSweeper: (() => Promise<void>) | undefined;
  let stopNotifications: (() => Promise<void>) | undefined;
  if (inProcessWakeups) {
    executor = await startInProcessJobExecutor({
      wakeups: inProcessWakeups,
      store: deps.jobs,
      registry: createJobHandlerRegistry(clusterRuntime),
      owner: `web-${config.workerId}`,
      leaseMs: config.jobLeaseSeconds * 1000,
      pollIntervalMs: config.jobPollIntervalMs,
      logger: log.child({ component: "job-runner" }),
    });
    log.info("job executor running in-process (single-node mode: KUBEBYON_RABBITMQ_URL is not set)");
    nodeObserver = createNodeObserver(config, clusterRuntime, `web-${config.workerId}`);
    nodeObserver.start();
    log.info("node observer running in-process", { node_observer: "client-node-watch" });
    stopSweeper = startAbandonedOperationSweeper(deps, log);
    stopNotifications = startNotificationDispatcher(buildNotificationDeliveryDeps(config, deps.db, log));
  } else {
    log.info("cluster jobs and node observation go to kubebyon-worker via RabbitMQ", { queue: config.rabbitmqQueue });
  }

  const shutdown = async () => {
    await stopSweeper?.();
    await stopNotifications?.();
    await nodeObserver?.stop().catch((error: unknown) => log.error("node observer did not stop cleanly", { err: error }));
    await executor?.stop().catch((error: unknown) => log.error("job executor did not stop cleanly", { err: error }));
    await deps.wakeups.close().catch(() => undefined);
    await deps.db.$disconnect().catch(() => undefined);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
}

/** Printed once, to the terminal only (not a log record), on the start that created the admin. */
function printGeneratedAdmin(email: string, password: string): void {
  const line = "=".repeat(64);
  process.stdout.write(
    `\n${line}\n KubeBYON first administrator (shown only once — store it now)\n   email:    ${email}\n   password: ${password}\n${line}\n\n`,
  );
}
