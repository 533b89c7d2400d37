import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";

export const deleteNotificationWebhookMeta = {
  openapi: { method: "DELETE", path: "/notifications/webhook", protect: true, tags: ["notifications"], summary: "Remove your webhook endpoint and its secret" },
} satisfies OpenApiMeta;
export const deleteNotificationWebhookInput = z.void();
export const deleteNotificationWebhookOutput = z.object({ deleted: z.literal(true) });
