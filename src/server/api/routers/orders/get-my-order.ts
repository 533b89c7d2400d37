import { protectedProcedure } from "@/server/api/trpc";
import { getOwnOrder } from "@/server/services/billing/list-orders";
import { getMyOrderInput, getMyOrderMeta, getMyOrderOutput } from "./get-my-order.types";

export const getMyOrder = protectedProcedure
  .meta(getMyOrderMeta)
  .input(getMyOrderInput)
  .output(getMyOrderOutput)
  .query(({ ctx, input }) => getOwnOrder(ctx.deps, ctx.viewer, input.id));
