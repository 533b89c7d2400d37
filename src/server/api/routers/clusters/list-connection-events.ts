import { protectedProcedure } from "@/server/api/trpc";
import { listConnectionEvents as listConnectionEventsUseCase } from "@/server/services/cluster-health/list-connection-events";
import { listConnectionEventsInput, listConnectionEventsMeta, listConnectionEventsOutput } from "./list-connection-events.types";

export const listConnectionEvents = protectedProcedure
  .meta(listConnectionEventsMeta)
  .input(listConnectionEventsInput)
  .output(listConnectionEventsOutput)
  .query(({ ctx, input }) => listConnectionEventsUseCase(ctx.deps, ctx.viewer, input.cluster_id, { limit: input.limit, cursor: input.cursor }));
