import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { notificationEventSchema } from "@/server/domain/notifications/notification-events";
import { preferencesViewSchema } from "@/server/services/notifications/preferences";
import { strictBoolean } from "@/server/api/strict-boolean";

export const updateNotificationPreferencesMeta = {
  openapi: { method: "PUT", path: "/notifications/preferences", protect: true, tags: ["notifications"], summary: "Turn channels on or off per event; omitted events and channels keep their setting" },
} satisfies OpenApiMeta;
export const updateNotificationPreferencesInput = z.object({
  preferences: z
    .array(z.object({ event: notificationEventSchema, email: strictBoolean("email must be true or false.").optional(), webhook: strictBoolean("webhook must be true or false.").optional() }))
    .min(1, "Send at least one preference.")
    .max(50, "Send at most 50 preferences."),
});
export const updateNotificationPreferencesOutput = preferencesViewSchema;
