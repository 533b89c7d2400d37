import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { orderStatusSchema } from "@/server/domain/billing/order-status";
import { orderPageSchema } from "@/server/services/billing/list-orders";
import { pageInput } from "../page-input";

export const listOrdersMeta = {
  openapi: { method: "GET", path: "/admin/orders", protect: true, tags: ["admin", "orders"], summary: "Every order, newest first, filtered by user and status; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listOrdersInput = z.object({ user_id: z.string().min(1).optional(), status: orderStatusSchema.optional(), ...pageInput.shape });
export const listOrdersOutput = orderPageSchema;
