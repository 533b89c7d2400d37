import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { webhookUrlSchema } from "@/server/domain/notifications/webhook-url";
import { webhookEndpointResultSchema } from "@/server/services/notifications/webhook-endpoint";
import { strictBoolean } from "@/server/api/strict-boolean";

export const setNotificationWebhookMeta = {
  openapi: { method: "PUT", path: "/notifications/webhook", protect: true, tags: ["notifications"], summary: "Set your webhook URL; the signing secret is returned only when created or rotated" },
} satisfies OpenApiMeta;
export const setNotificationWebhookInput = z.object({ url: webhookUrlSchema, rotate_secret: strictBoolean("rotate_secret must be true or false.").default(false) });
export const setNotificationWebhookOutput = webhookEndpointResultSchema;
