import type { OpenApiMeta } from "trpc-to-openapi";
import { deliveryPageSchema } from "@/server/services/notifications/list-deliveries";
import { deliveryFiltersSchema } from "./delivery-filters-input";

export const listMyDeliveriesMeta = {
  openapi: { method: "GET", path: "/notifications/deliveries", protect: true, tags: ["notifications"], summary: "Your notification deliveries, newest first, with status, attempts and last error; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listMyDeliveriesInput = deliveryFiltersSchema;
export const listMyDeliveriesOutput = deliveryPageSchema;
