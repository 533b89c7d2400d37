import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { deliveryPageSchema } from "@/server/services/notifications/list-deliveries";
import { deliveryFiltersSchema } from "./delivery-filters-input";

export const listAllDeliveriesMeta = {
  openapi: { method: "GET", path: "/admin/notifications/deliveries", protect: true, tags: ["admin"], summary: "Every notification delivery, newest first; filter by status, channel, event and user; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listAllDeliveriesInput = deliveryFiltersSchema.extend({ user: z.string().trim().min(1).max(320).optional() });
export const listAllDeliveriesOutput = deliveryPageSchema;
