import { FetchWebhookSender } from "@/server/infra/webhook/fetch-webhook-sender";
import { deliverDueNotifications } from "@/server/services/notifications/deliver-due-notifications";
import type { NotificationDeliveryDeps } from "@/server/services/notifications/notification-deps";
import type { Runtime } from "./runtime";

const POLL_INTERVAL_MS = 5_000;

/** The channels of a process that sends notifications: the runtime's mailer (env or system settings SMTP), webhooks over fetch. */
export function buildNotificationDeliveryDeps(runtime: Pick<Runtime, "deps" | "log">): NotificationDeliveryDeps {
  const { db, now, mailer } = runtime.deps;
  return { db, log: runtime.log.child({ component: "notifications" }), now, mailer, webhooks: new FetchWebhookSender() };
}

/**
 * Sends due notification deliveries every 5 s in every process that runs jobs
 * (the worker; the web process in single-node mode). Rows are claimed with
 * SKIP LOCKED, so several processes never send one row twice. Keeps draining
 * while full batches come back. Returns a stop function that waits for a pass in progress.
 */
export function startNotificationDispatcher(runtime: Pick<Runtime, "deps" | "log">, intervalMs = POLL_INTERVAL_MS): () => Promise<void> {
  const deps = buildNotificationDeliveryDeps(runtime);
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const drain = async () => {
    while (!stopped && (await deliverDueNotifications(deps)) > 0);
  };
  const pass = () => {
    running ??= drain()
      .catch((error: unknown) => deps.log.warn("delivering notifications failed", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref?.();
  pass();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
