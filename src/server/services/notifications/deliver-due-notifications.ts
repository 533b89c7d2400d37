import { retryDelayMs, type NotificationDeliverySettings } from "@/server/domain/notifications/delivery-settings";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "@/server/domain/notifications/webhook-signature";
import { claimDueNotificationDeliveries, type NotificationDelivery } from "@/server/infra/db/client";
import { mailerReady } from "@/server/services/mail/mailer";
import { readDeliverySettings } from "./delivery-settings-store";
import type { NotificationDeliveryDeps } from "./notification-deps";

/** A failure retrying cannot fix (no SMTP, channel switched off, endpoint removed): the row fails at once. */
class PermanentDeliveryError extends Error {}

const BATCH = 20;
/** Extra lease beyond the webhook timeout: a process that dies mid-send leaves the row to be retried after this. */
const LEASE_MARGIN_MS = 60_000;

/**
 * Claims due rows (claimDueNotificationDeliveries: several web/worker
 * processes may run this loop; the claim counts the attempt and pushes
 * `next_attempt_at` out as a lease), then sends each one
 * and records `sent`, or `pending` with the next backoff, or `failed` with
 * `last_error` after the administrator's max attempts. Returns how many rows
 * it handled.
 */
export async function deliverDueNotifications(deps: NotificationDeliveryDeps): Promise<number> {
  const settings = await readDeliverySettings(deps.db);
  const now = deps.now();
  const leaseUntil = new Date(now.getTime() + settings.webhookTimeoutSeconds * 1000 + LEASE_MARGIN_MS);
  const claimed = await claimDueNotificationDeliveries(deps.db, { now, leaseUntil, limit: BATCH });
  if (claimed.length === 0) return 0;
  const rows = await deps.db.notificationDelivery.findMany({ where: { id: { in: claimed } }, orderBy: { createdAt: "asc" } });
  // In parallel: one receiver that hangs until the timeout must not hold up everyone else's notifications.
  await Promise.all(rows.map((row) => deliverOne(deps, settings, row)));
  return rows.length;
}

async function deliverOne(deps: NotificationDeliveryDeps, settings: NotificationDeliverySettings, row: NotificationDelivery): Promise<void> {
  try {
    if (row.channel === "email") await sendEmail(deps, settings, row);
    else if (row.channel === "webhook") await sendWebhook(deps, settings, row);
    else throw new PermanentDeliveryError(`The ${row.channel} channel has no sender.`);
    await deps.db.notificationDelivery.update({ where: { id: row.id }, data: { status: "sent", sentAt: deps.now(), lastError: null } });
    deps.log.info("notification delivered", { delivery_id: row.id, channel: row.channel, event: row.event, attempt: row.attempts });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const final = error instanceof PermanentDeliveryError || row.attempts >= settings.maxAttempts;
    const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(row.attempts));
    await deps.db.notificationDelivery.update({
      where: { id: row.id },
      data: final ? { status: "failed", lastError: message } : { status: "pending", lastError: message, nextAttemptAt },
    });
    deps.log.warn(final ? "notification failed for good" : "notification attempt failed; will retry", {
      delivery_id: row.id, channel: row.channel, event: row.event, attempt: row.attempts, error: message, ...(final ? {} : { next_attempt_at: nextAttemptAt.toISOString() }),
    });
  }
}

async function sendEmail(deps: NotificationDeliveryDeps, settings: NotificationDeliverySettings, row: NotificationDelivery): Promise<void> {
  if (!settings.emailEnabled) throw new PermanentDeliveryError("Email notifications were turned off by the administrator.");
  if (!deps.mailer || !(await mailerReady(deps.mailer))) {
    throw new PermanentDeliveryError("Email delivery is not configured (neither KUBEBYON_SMTP_HOST nor an SMTP server in system settings is set).");
  }
  const payload = row.payload as { text?: unknown };
  const text = typeof payload.text === "string" ? payload.text : "";
  await deps.mailer.send({ to: row.recipient, subject: row.subject ?? row.event, text, html: `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>` });
}

async function sendWebhook(deps: NotificationDeliveryDeps, settings: NotificationDeliverySettings, row: NotificationDelivery): Promise<void> {
  if (!settings.webhookEnabled) throw new PermanentDeliveryError("Webhook notifications were turned off by the administrator.");
  // The secret is read at send time, so a rotation applies to retries too; a removed endpoint ends the delivery.
  const hook = row.userId ? await deps.db.notificationWebhook.findUnique({ where: { userId: row.userId } }) : null;
  if (!hook || hook.url !== row.recipient) throw new PermanentDeliveryError("The webhook endpoint was removed or changed before delivery.");
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  await deps.webhooks.post({
    url: hook.url,
    body,
    timeoutMs: settings.webhookTimeoutSeconds * 1000,
    headers: { "Content-Type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signWebhook(hook.secret, timestamp, body), "X-KubeBYON-Event": row.event, "X-KubeBYON-Delivery": row.id },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
