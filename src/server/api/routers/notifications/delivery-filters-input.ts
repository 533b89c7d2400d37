import { z } from "zod";
import { deliveryStatusSchema, notificationChannelSchema, notificationEventSchema } from "@/server/domain/notifications/notification-events";
import { pageInput } from "../page-input";

/** Filters and paging shared by the admin's delivery list and a user's own. */
export const deliveryFiltersSchema = z.object({
  status: deliveryStatusSchema.optional(),
  channel: notificationChannelSchema.optional(),
  event: notificationEventSchema.optional(),
  ...pageInput.shape,
});
