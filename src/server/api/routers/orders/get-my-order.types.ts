import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { orderIdParam, orderSchema } from "./order.schema";

export const getMyOrderMeta = {
  openapi: { method: "GET", path: "/orders/{id}", protect: true, tags: ["orders"], summary: "One of your orders" },
} satisfies OpenApiMeta;
export const getMyOrderInput = z.object({ id: orderIdParam });
export const getMyOrderOutput = orderSchema;
