import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { deliverySettingsSchema } from "./notification.schema";

export const getDeliverySettingsMeta = {
  openapi: { method: "GET", path: "/admin/notifications/settings", protect: true, tags: ["admin"], summary: "Notification delivery settings (channels on/off, webhook timeout, max attempts)" },
} satisfies OpenApiMeta;
export const getDeliverySettingsInput = z.void();
export const getDeliverySettingsOutput = deliverySettingsSchema;
