import { z } from "zod";

/** Order states (PostgreSQL enum OrderStatus) and the admin actions that move between them. */
export const ORDER_STATUSES = ["pending", "paid", "cancelled", "refunded"] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ORDER_ACTIONS = ["pay", "cancel", "refund"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

// pending → paid (grants the plan) | cancelled; paid → refunded (ends the grant). Everything else is final.
const TRANSITIONS: Record<OrderAction, { from: OrderStatus; to: OrderStatus }> = {
  pay: { from: "pending", to: "paid" },
  cancel: { from: "pending", to: "cancelled" },
  refund: { from: "paid", to: "refunded" },
};

const ADVICE: Record<OrderAction, string> = {
  pay: "Only a pending order can be marked paid; create a new order instead.",
  cancel: "Only a pending (unpaid) order can be cancelled; refund a paid order instead.",
  refund: "Only a paid order can be refunded; cancel a pending order instead.",
};

export type OrderTransition = { ok: true; status: OrderStatus } | { ok: false; message: string };

/** The state `action` leads to from `current`, or why it is not allowed (the caller answers 409). */
export function transitionOrder(current: OrderStatus, action: OrderAction): OrderTransition {
  const rule = TRANSITIONS[action];
  if (current !== rule.from) return { ok: false, message: `This order is ${current}. ${ADVICE[action]}` };
  return { ok: true, status: rule.to };
}
