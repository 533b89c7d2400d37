import { z } from "zod";
import { orderStatusSchema } from "@/server/domain/billing/order-status";
import { isoOrNull } from "@/server/domain/iso-time";
import type { Order, Plan, User } from "@/server/infra/db/client";

/** The API's shape of an order; `grant_active` says whether it is what gives its user the plan right now. */
export const orderViewSchema = z.object({
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
export type OrderView = z.infer<typeof orderViewSchema>;

export type OrderWithParties = Order & { plan: Pick<Plan, "code" | "name">; user: Pick<User, "email"> };

/** Include this in order queries so toOrderView has what it needs. */
export const ORDER_PARTIES = { plan: { select: { code: true, name: true } }, user: { select: { email: true } } } as const;

export function toOrderView(o: OrderWithParties, now: Date): OrderView {
  return {
    id: o.id,
    user_id: o.userId,
    user_email: o.user.email,
    plan_id: o.planId,
    plan_code: o.plan.code,
    plan_name: o.plan.name,
    amount_cents: o.amountCents,
    currency: o.currency,
    status: o.status,
    period_months: o.periodMonths,
    paid_at: isoOrNull(o.paidAt),
    starts_at: isoOrNull(o.startsAt),
    ends_at: isoOrNull(o.endsAt),
    cancelled_at: isoOrNull(o.cancelledAt),
    refunded_at: isoOrNull(o.refundedAt),
    note: o.note,
    grant_active: o.status === "paid" && o.startsAt !== null && o.endsAt !== null && o.startsAt <= now && now < o.endsAt,
    created_at: o.createdAt.toISOString(),
  };
}
