import { z } from "zod";
import { notificationChannelSchema, notificationEventSchema } from "@/server/domain/notifications/notification-events";

export const preferenceEntrySchema = z.object({ event: notificationEventSchema, email: z.boolean(), webhook: z.boolean() });
export const preferencesViewSchema = z.object({
  preferences: z.array(preferenceEntrySchema),
  webhook: z.object({ url: z.string(), created_at: z.string(), updated_at: z.string() }).nullable(),
});

export const deliverySchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  channel: z.string(),
  event: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});

export const deliveryFiltersSchema = z.object({
  status: z.enum(["pending", "sent", "failed"]).optional(),
  channel: notificationChannelSchema.optional(),
  event: notificationEventSchema.optional(),
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  page_size: z.coerce.number().int().min(1, "page_size must be at least 1.").max(200, "page_size must be at most 200.").default(50),
});

export const deliveryPageSchema = z.object({ items: z.array(deliverySchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const deliverySettingsSchema = z.object({
  email_enabled: z.boolean(),
  webhook_enabled: z.boolean(),
  webhook_timeout_seconds: z.number().int(),
  max_attempts: z.number().int(),
  smtp_configured: z.boolean(),
});
