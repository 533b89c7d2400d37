import type { OpenApiMeta } from "trpc-to-openapi";
import { deliveryFiltersSchema, deliveryPageSchema } from "./notification.schema";

export const listMyDeliveriesMeta = {
  openapi: { method: "GET", path: "/notifications/deliveries", protect: true, tags: ["notifications"], summary: "Your notification deliveries, newest first, with status, attempts and last error" },
} satisfies OpenApiMeta;
export const listMyDeliveriesInput = deliveryFiltersSchema;
export const listMyDeliveriesOutput = deliveryPageSchema;
