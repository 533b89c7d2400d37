import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { deletedWebhookEndpointSchema } from "@/server/services/notifications/webhook-endpoint";

export const deleteNotificationWebhookMeta = {
  openapi: { method: "DELETE", path: "/notifications/webhook", protect: true, tags: ["notifications"], summary: "Remove your webhook endpoint and its secret" },
} satisfies OpenApiMeta;
export const deleteNotificationWebhookInput = z.void();
export const deleteNotificationWebhookOutput = deletedWebhookEndpointSchema;
