import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { orderStatusSchema } from "@/server/domain/billing/order-status";
import { orderPageSchema } from "@/server/services/billing/list-orders";
import { pageInput } from "../page-input";

export const listMyOrdersMeta = {
  openapi: { method: "GET", path: "/orders", protect: true, tags: ["orders"], summary: "Your orders, newest first; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listMyOrdersInput = z.object({ status: orderStatusSchema.optional(), ...pageInput.shape });
export const listMyOrdersOutput = orderPageSchema;
