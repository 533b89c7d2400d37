import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { preferencesViewSchema } from "@/server/services/notifications/preferences";

export const getNotificationPreferencesMeta = {
  openapi: { method: "GET", path: "/notifications/preferences", protect: true, tags: ["notifications"], summary: "Your notification choices per event and channel, and your webhook endpoint (never its secret)" },
} satisfies OpenApiMeta;
export const getNotificationPreferencesInput = z.void();
export const getNotificationPreferencesOutput = preferencesViewSchema;
