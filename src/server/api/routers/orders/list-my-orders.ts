import { protectedProcedure } from "@/server/api/trpc";
import { listOrders } from "@/server/services/billing/list-orders";
import { listMyOrdersInput, listMyOrdersMeta, listMyOrdersOutput } from "./list-my-orders.types";

export const listMyOrders = protectedProcedure
  .meta(listMyOrdersMeta)
  .input(listMyOrdersInput)
  .output(listMyOrdersOutput)
  .query(({ ctx, input }) => listOrders(ctx.deps, { userId: ctx.viewer.id, status: input.status, limit: input.limit, cursor: input.cursor }));
