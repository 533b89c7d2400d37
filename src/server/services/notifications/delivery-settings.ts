import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { deliverySettingsToJson, type NotificationDeliverySettings } from "@/server/domain/notifications/delivery-settings";
import { lockUntilCommit } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { DELIVERY_SETTINGS_KEY, readDeliverySettings } from "./delivery-settings-store";

export const deliverySettingsViewSchema = z.object({
  email_enabled: z.boolean(),
  webhook_enabled: z.boolean(),
  webhook_timeout_seconds: z.number().int(),
  max_attempts: z.number().int(),
  smtp_configured: z.boolean(),
});
export type DeliverySettingsView = z.infer<typeof deliverySettingsViewSchema>;

/** The admin's view; `smtp_configured` tells whether email can be sent at all (SMTP comes from KUBEBYON_SMTP_*). */
export async function getDeliverySettings(deps: Pick<ServiceDeps, "db">, smtpConfigured: boolean): Promise<DeliverySettingsView> {
  return { ...deliverySettingsToJson(await readDeliverySettings(deps.db)), smtp_configured: smtpConfigured };
}

/** Applies the given fields over the stored settings (one row, key `notification_delivery`) with one audit event. */
export async function updateDeliverySettings(
  deps: ServiceDeps,
  actor: Viewer,
  patch: Partial<NotificationDeliverySettings>,
  origin: RequestOrigin,
  smtpConfigured: boolean,
): Promise<DeliverySettingsView> {
  await deps.db.$transaction(async (tx) => {
    await lockUntilCommit(tx, "notificationDeliverySettings");
    const current = await readDeliverySettings(tx);
    const next = deliverySettingsToJson({ ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) });
    await tx.systemSetting.upsert({ where: { key: DELIVERY_SETTINGS_KEY }, create: { key: DELIVERY_SETTINGS_KEY, value: next, updatedById: actor.id }, update: { value: next, updatedById: actor.id } });
    await recordAuditEvent(tx, { actorUserId: actor.id, action: "notification.settings_update", targetType: "system_setting", targetId: DELIVERY_SETTINGS_KEY, metadata: next }, origin);
  });
  return getDeliverySettings(deps, smtpConfigured);
}
