import { z } from "zod";
import { ORDER_STATUSES } from "@/server/domain/billing/order-status";

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  plan_id: z.string(),
  plan_code: z.string(),
  plan_name: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: orderStatusSchema,
  period_months: z.number().int(),
  paid_at: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  note: z.string().nullable(),
  grant_active: z.boolean(),
  created_at: z.string(),
});

export const orderIdParam = z.string().min(1);

export const orderPageInput = {
  limit: z.coerce.number().int().min(1, "limit must be at least 1.").max(200, "limit must be at most 200.").default(50),
  offset: z.coerce.number().int().min(0, "offset cannot be negative.").default(0),
};

export const orderPageOutput = z.object({ items: z.array(orderSchema), total: z.number().int() });
