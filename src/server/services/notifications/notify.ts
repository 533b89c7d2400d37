import { newId } from "@/server/domain/ids";
import { defaultEnabled, type NotificationChannel, type NotificationRequest } from "@/server/domain/notifications/notification-events";
import type { Prisma } from "@/server/infra/db/client";
import { readDeliverySettings } from "./delivery-settings-store";
import type { NotifyRecordDeps } from "./notification-deps";
import { notificationEmail } from "./notification-messages";

/** The exact JSON POSTed to webhooks (docs/notifications.md); `id` is the delivery id, stable across retries. */
export function webhookPayload(deliveryId: string, request: NotificationRequest, createdAt: Date): Prisma.InputJsonObject {
  return { id: deliveryId, type: request.event, created_at: createdAt.toISOString(), user_id: request.userId, data: request.data };
}

/**
 * Records one pending `notification_deliveries` row per channel the user wants
 * (their preferences, else the defaults) and the administrator allows. Nothing
 * is sent here: the delivery loop sends, retries and records the outcome, so
 * the action that caused the event never waits for SMTP or a webhook.
 * Call it after the action's transaction committed, or inside it with the transaction as `db` when
 * the notification must be recorded exactly when the change commits. It never throws — a
 * notification that cannot even be recorded is logged and dropped, because
 * failing the user's action for it would be worse.
 */
export async function notify(deps: NotifyRecordDeps, request: NotificationRequest): Promise<number> {
  try {
    const user = await deps.db.user.findUnique({
      where: { id: request.userId },
      select: { email: true, locale: true, disabled: true, notificationWebhook: { select: { url: true } }, notificationPreferences: { where: { event: request.event } } },
    });
    if (!user || user.disabled) return 0;
    const settings = await readDeliverySettings(deps.db);
    const wants = (channel: NotificationChannel) =>
      user.notificationPreferences.find((p) => p.channel === channel)?.enabled ?? defaultEnabled(channel, request.event);
    const now = deps.now();
    const rows: Prisma.NotificationDeliveryCreateManyInput[] = [];
    if (settings.emailEnabled && wants("email")) {
      const id = newId("ntf");
      const mail = notificationEmail(request.event, request.data, user.locale);
      rows.push({ id, userId: request.userId, channel: "email", event: request.event, recipient: user.email, subject: mail.subject, payload: { text: mail.text, data: request.data }, nextAttemptAt: now, createdAt: now });
    }
    if (settings.webhookEnabled && user.notificationWebhook && wants("webhook")) {
      const id = newId("ntf");
      rows.push({ id, userId: request.userId, channel: "webhook", event: request.event, recipient: user.notificationWebhook.url, payload: webhookPayload(id, request, now), nextAttemptAt: now, createdAt: now });
    }
    if (rows.length > 0) await deps.db.notificationDelivery.createMany({ data: rows });
    return rows.length;
  } catch (error) {
    deps.log.error("notification could not be recorded", { event: request.event, user_id: request.userId, err: error instanceof Error ? error.message : String(error) });
    return 0;
  }
}
