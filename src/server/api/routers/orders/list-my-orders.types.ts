import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { orderPageInput, orderPageOutput, orderStatusSchema } from "./order.schema";

export const listMyOrdersMeta = {
  openapi: { method: "GET", path: "/orders", protect: true, tags: ["orders"], summary: "Your orders, newest first" },
} satisfies OpenApiMeta;
export const listMyOrdersInput = z.object({ status: orderStatusSchema.optional(), ...orderPageInput });
export const listMyOrdersOutput = orderPageOutput;
