import { adminProcedure } from "@/server/api/trpc";
import { listDeliveries } from "@/server/services/notifications/list-deliveries";
import { listAllDeliveriesInput, listAllDeliveriesMeta, listAllDeliveriesOutput } from "./list-all-deliveries.types";

export const listAllDeliveries = adminProcedure
  .meta(listAllDeliveriesMeta)
  .input(listAllDeliveriesInput)
  .output(listAllDeliveriesOutput)
  .query(({ ctx, input }) => listDeliveries(ctx.deps, input));
