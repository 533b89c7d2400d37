import { z } from "zod";
import { deliveryStatusSchema, notificationChannelSchema, notificationEventSchema } from "@/server/domain/notifications/notification-events";

/** Filters and paging shared by the admin's delivery list and a user's own. */
export const deliveryFiltersSchema = z.object({
  status: deliveryStatusSchema.optional(),
  channel: notificationChannelSchema.optional(),
  event: notificationEventSchema.optional(),
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  page_size: z.coerce.number().int().min(1, "page_size must be at least 1.").max(200, "page_size must be at most 200.").default(50),
});
