import { adminProcedure } from "@/server/api/trpc";
import type { OrderAction } from "@/server/domain/billing/order-status";
import { changeOrderStatus } from "@/server/services/billing/change-order-status";
import { changeOrderStatusInput, changeOrderStatusMeta, changeOrderStatusOutput } from "./change-order-status.types";

/** One procedure per action (pay, cancel, refund), all going through the order state machine. */
const orderAction = (action: OrderAction) =>
  adminProcedure
    .meta(changeOrderStatusMeta(action))
    .input(changeOrderStatusInput)
    .output(changeOrderStatusOutput)
    .mutation(async ({ ctx, input }) => {
      const order = await changeOrderStatus(ctx.deps, ctx.viewer, input.id, action, ctx.origin);
      ctx.log.info(`order ${action}`, { order_id: order.id, status: order.status, admin_id: ctx.viewer.id });
      return order;
    });

export const payOrder = orderAction("pay");
export const cancelOrder = orderAction("cancel");
export const refundOrder = orderAction("refund");
