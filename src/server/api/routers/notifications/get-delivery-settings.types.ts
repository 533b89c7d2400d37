import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { deliverySettingsViewSchema } from "@/server/services/notifications/delivery-settings";

export const getDeliverySettingsMeta = {
  openapi: { method: "GET", path: "/admin/notifications/settings", protect: true, tags: ["admin"], summary: "Notification delivery settings (channels on/off, webhook timeout, max attempts)" },
} satisfies OpenApiMeta;
export const getDeliverySettingsInput = z.void();
export const getDeliverySettingsOutput = deliverySettingsViewSchema;
