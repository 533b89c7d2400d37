import { requireAdmissionWebhook, requireAuthSecret, requireDatabaseUrl } from "@/server/config/env";
import { applyMigrations } from "@/server/infra/db/migrate";
import { createTaskMetrics } from "@/server/observability/task-metrics";
import { ensureFirstAdmin } from "@/server/services/auth/ensure-first-admin";
import { startAdmissionWebhookServer, type AdmissionWebhookServer } from "./admission-webhook";
import { startJobProcessing, type JobProcessing } from "./job-processing";
import { BACKEND_IMPLEMENTATIONS, logStartupLines } from "./startup-lines";
import { getRuntime } from "./web-runtime";

/**
 * Start-up work of the web process (called from Next's instrumentation hook):
 * schema, first admin, and — in single-node mode, when no RabbitMQ is
 * configured — job processing in-process (runner, node observer, sweeper,
 * notification delivery) — and, when KUBEBYON_ADMISSION_WEBHOOK_ENABLED, the
 * admission webhook's HTTPS listener. A configuration error stops the process with one
 * line naming the variable.
 */
export async function startWebBackground(): Promise<void> {
  const runtime = getRuntime();
  const { config, deps, log } = runtime;
  requireAuthSecret(config);
  const databaseUrl = requireDatabaseUrl(config);
  const admissionHook = config.admissionWebhook.enabled ? requireAdmissionWebhook(config) : undefined;

  const { applied } = await applyMigrations(databaseUrl, { log: (message) => log.info(message) });
  logStartupLines(log, config, applied);

  const admin = await ensureFirstAdmin(deps, config.firstAdmin);
  if (admin.created) {
    log.info("first administrator created", { email: admin.email });
    if (admin.generatedPassword) printGeneratedAdmin(admin.email, admin.generatedPassword);
  }

  let processing: JobProcessing | undefined;
  if (!config.rabbitmqUrl) {
    processing = await startJobProcessing(runtime, `web-${config.workerId}`);
    log.info("job executor running in-process (single-node mode: KUBEBYON_RABBITMQ_URL is not set)");
    log.info("node observer running in-process", { node_observer: BACKEND_IMPLEMENTATIONS.node_observer });
  } else {
    log.info("cluster jobs and node observation go to kubebyon-worker via RabbitMQ", { queue: config.rabbitmqQueue });
  }

  // The admission webhook's own HTTPS listener (docs/admission-webhook.md); the vClusters call it, not browsers.
  let admission: AdmissionWebhookServer | undefined;
  if (admissionHook) {
    admission = await startAdmissionWebhookServer({
      config: admissionHook,
      authSecret: requireAuthSecret(config),
      db: deps.db,
      log,
      resolver: runtime.clusterRuntime.resolver,
      metrics: runtime.metrics.admission,
      taskObservers: [createTaskMetrics(runtime.metrics.registry)],
    });
  }

  const shutdown = async () => {
    await admission?.stop();
    await processing?.stop();
    await runtime.close();
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
