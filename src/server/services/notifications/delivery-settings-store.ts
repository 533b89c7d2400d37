import { deliverySettingsFromJson, type NotificationDeliverySettings } from "@/server/domain/notifications/delivery-settings";
import type { Prisma } from "@/server/infra/db/client";

/** The system_settings key holding the admin's delivery settings (one JSON object). */
export const DELIVERY_SETTINGS_KEY = "notification_delivery";

export async function readDeliverySettings(db: Pick<Prisma.TransactionClient, "systemSetting">): Promise<NotificationDeliverySettings> {
  const row = await db.systemSetting.findUnique({ where: { key: DELIVERY_SETTINGS_KEY } });
  return deliverySettingsFromJson(row?.value);
}
