import { adminProcedure } from "@/server/api/trpc";
import { createOrder as createOrderUseCase } from "@/server/services/billing/create-order";
import { createOrderInput, createOrderMeta, createOrderOutput } from "./create-order.types";

export const createOrder = adminProcedure
  .meta(createOrderMeta)
  .input(createOrderInput)
  .output(createOrderOutput)
  .mutation(async ({ ctx, input }) => {
    const order = await createOrderUseCase(
      ctx.deps,
      ctx.viewer,
      { userId: input.user_id, planId: input.plan_id, periodMonths: input.period_months, amountCents: input.amount_cents, note: input.note },
      ctx.origin,
    );
    ctx.log.info("order created", { order_id: order.id, user_id: order.user_id, plan_id: order.plan_id, admin_id: ctx.viewer.id });
    return order;
  });
