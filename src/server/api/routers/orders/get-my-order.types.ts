import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { orderViewSchema } from "@/server/services/billing/order-view";
import { orderIdParam } from "./order-inputs";

export const getMyOrderMeta = {
  openapi: { method: "GET", path: "/orders/{id}", protect: true, tags: ["orders"], summary: "One of your orders" },
} satisfies OpenApiMeta;
export const getMyOrderInput = z.object({ id: orderIdParam });
export const getMyOrderOutput = orderViewSchema;
