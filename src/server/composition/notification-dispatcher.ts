import { FetchWebhookSender } from "@/server/infra/webhook/fetch-webhook-sender";
import { deliverDueNotifications } from "@/server/services/notifications/deliver-due-notifications";
import type { NotificationDeliveryDeps } from "@/server/services/notifications/notification-deps";
import type { Runtime } from "./runtime";
import { errorMessage, startPeriodicPass } from "./periodic-pass";

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
  // A long backlog is drained in one pass, until stop() is called.
  const drain = async (signal: AbortSignal) => {
    while (!signal.aborted && (await deliverDueNotifications(deps)) > 0);
  };
  return startPeriodicPass({
    intervalMs,
    run: drain,
    onError: (error) => deps.log.warn("delivering notifications failed", { error: errorMessage(error) }),
  });
}
