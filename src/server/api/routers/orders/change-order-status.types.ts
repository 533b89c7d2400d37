import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import type { OrderAction } from "@/server/domain/billing/order-status";
import { orderViewSchema } from "@/server/services/billing/order-view";
import { orderIdParam } from "./order-inputs";

const SUMMARY: Record<OrderAction, string> = {
  pay: "Mark a pending order paid: its user has the plan from now (or from the end of a running grant of the same plan) for period_months",
  cancel: "Cancel a pending (unpaid) order",
  refund: "Refund a paid order: the grant ends at once",
};

/** POST /admin/orders/{id}/<action>; a transition the order's state does not allow answers 409. */
export const changeOrderStatusMeta = (action: OrderAction) =>
  ({
    openapi: { method: "POST", path: `/admin/orders/{id}/${action}`, protect: true, tags: ["admin", "orders"], summary: SUMMARY[action] },
  }) satisfies OpenApiMeta;
export const changeOrderStatusInput = z.object({ id: orderIdParam });
export const changeOrderStatusOutput = orderViewSchema;
