import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from "@/server/domain/billing/grant-period";
import { orderViewSchema } from "@/server/services/billing/order-view";

export const createOrderMeta = {
  openapi: {
    method: "POST",
    path: "/admin/orders",
    protect: true,
    tags: ["admin", "orders"],
    summary: "Create a pending order of a plan for a user; marking it paid grants the plan for period_months",
  },
} satisfies OpenApiMeta;
const PERIOD_MESSAGE = `period_months must be a whole number from ${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS}.`;
export const createOrderInput = z.object({
  user_id: z.string().trim().min(1, "user_id is required: the user who gets the plan."),
  plan_id: z.string().trim().min(1, "plan_id is required: the plan to grant."),
  period_months: z
    .number({ error: PERIOD_MESSAGE })
    .int({ error: PERIOD_MESSAGE })
    .min(MIN_PERIOD_MONTHS, { error: PERIOD_MESSAGE })
    .max(MAX_PERIOD_MONTHS, { error: PERIOD_MESSAGE })
    .default(1),
  amount_cents: z
    .number({ error: "amount_cents must be a whole number of minor units (cents)." })
    .int({ error: "amount_cents must be a whole number of minor units (cents)." })
    .min(0, { error: "amount_cents cannot be negative." })
    .optional(),
  note: z.string().trim().max(500, "Use at most 500 characters for the note.").optional(),
});
export const createOrderOutput = orderViewSchema;
