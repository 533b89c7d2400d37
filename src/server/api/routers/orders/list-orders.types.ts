import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { orderStatusSchema } from "@/server/domain/billing/order-status";
import { orderPageSchema } from "@/server/services/billing/list-orders";
import { orderPageInput } from "./order-inputs";

export const listOrdersMeta = {
  openapi: { method: "GET", path: "/admin/orders", protect: true, tags: ["admin", "orders"], summary: "Every order, newest first, filtered by user and status" },
} satisfies OpenApiMeta;
export const listOrdersInput = z.object({ user_id: z.string().min(1).optional(), status: orderStatusSchema.optional(), ...orderPageInput });
export const listOrdersOutput = orderPageSchema;
