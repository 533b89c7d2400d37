import { adminProcedure } from "@/server/api/trpc";
import { listOrders as listOrdersUseCase } from "@/server/services/billing/list-orders";
import { listOrdersInput, listOrdersMeta, listOrdersOutput } from "./list-orders.types";

export const listOrders = adminProcedure
  .meta(listOrdersMeta)
  .input(listOrdersInput)
  .output(listOrdersOutput)
  .query(({ ctx, input }) => listOrdersUseCase(ctx.deps, { userId: input.user_id, status: input.status, limit: input.limit, cursor: input.cursor }));
