import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { DELIVERY_LIMITS } from "@/server/domain/notifications/delivery-settings";
import { deliverySettingsViewSchema } from "@/server/services/notifications/delivery-settings";
import { strictBoolean } from "@/server/api/strict-boolean";

const { timeout, attempts } = DELIVERY_LIMITS;

export const updateDeliverySettingsMeta = {
  openapi: { method: "PATCH", path: "/admin/notifications/settings", protect: true, tags: ["admin"], summary: "Change notification delivery settings; absent fields stay" },
} satisfies OpenApiMeta;
export const updateDeliverySettingsInput = z.object({
  email_enabled: strictBoolean("email_enabled must be true or false.").optional(),
  webhook_enabled: strictBoolean("webhook_enabled must be true or false.").optional(),
  webhook_timeout_seconds: z.number().int().min(timeout.min, `webhook_timeout_seconds must be at least ${timeout.min}.`).max(timeout.max, `webhook_timeout_seconds must be at most ${timeout.max}.`).optional(),
  max_attempts: z.number().int().min(attempts.min, `max_attempts must be at least ${attempts.min}.`).max(attempts.max, `max_attempts must be at most ${attempts.max}.`).optional(),
});
export const updateDeliverySettingsOutput = deliverySettingsViewSchema;
