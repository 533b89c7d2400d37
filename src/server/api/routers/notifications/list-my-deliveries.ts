import { protectedProcedure } from "@/server/api/trpc";
import { listDeliveries } from "@/server/services/notifications/list-deliveries";
import { listMyDeliveriesInput, listMyDeliveriesMeta, listMyDeliveriesOutput } from "./list-my-deliveries.types";

export const listMyDeliveries = protectedProcedure
  .meta(listMyDeliveriesMeta)
  .input(listMyDeliveriesInput)
  .output(listMyDeliveriesOutput)
  .query(({ ctx, input }) => listDeliveries(ctx.deps, input, ctx.viewer.id));
