import { router } from "@/server/api/trpc";
import { deleteNotificationWebhook } from "./delete-notification-webhook";
import { getDeliverySettings } from "./get-delivery-settings";
import { getNotificationPreferences } from "./get-notification-preferences";
import { listAllDeliveries } from "./list-all-deliveries";
import { listMyDeliveries } from "./list-my-deliveries";
import { setNotificationWebhook } from "./set-notification-webhook";
import { updateDeliverySettings } from "./update-delivery-settings";
import { updateNotificationPreferences } from "./update-notification-preferences";

export const notificationsRouter = router({
  getPreferences: getNotificationPreferences,
  updatePreferences: updateNotificationPreferences,
  setWebhook: setNotificationWebhook,
  deleteWebhook: deleteNotificationWebhook,
  listMyDeliveries,
  listAllDeliveries,
  getDeliverySettings,
  updateDeliverySettings,
});
