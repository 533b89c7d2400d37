import { isoOrNull } from "@/server/domain/iso-time";
import type { Order, Plan, User } from "@/server/infra/db/client";

/** The API's shape of an order; `grant_active` says whether it is what gives its user the plan right now. */
export interface OrderView {
  id: string;
  user_id: string;
  user_email: string;
  plan_id: string;
  plan_code: string;
  plan_name: string;
  amount_cents: number;
  currency: string;
  status: Order["status"];
  period_months: number;
  paid_at: string | null;
  starts_at: string | null;
  ends_at: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
  note: string | null;
  grant_active: boolean;
  created_at: string;
}

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
