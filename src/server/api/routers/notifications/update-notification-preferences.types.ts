import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { notificationEventSchema } from "@/server/domain/notifications/notification-events";
import { preferencesViewSchema } from "@/server/services/notifications/preferences";

export const updateNotificationPreferencesMeta = {
  openapi: { method: "PUT", path: "/notifications/preferences", protect: true, tags: ["notifications"], summary: "Turn channels on or off per event; omitted events and channels keep their setting" },
} satisfies OpenApiMeta;
export const updateNotificationPreferencesInput = z.object({
  preferences: z
    .array(z.object({ event: notificationEventSchema, email: z.boolean().optional(), webhook: z.boolean().optional() }))
    .min(1, "Send at least one preference.")
    .max(50, "Send at most 50 preferences."),
});
export const updateNotificationPreferencesOutput = preferencesViewSchema;
