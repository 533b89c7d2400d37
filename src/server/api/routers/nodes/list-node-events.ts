import { protectedProcedure } from "@/server/api/trpc";
import { listNodeEvents as listNodeEventsUseCase } from "@/server/services/nodes/list-node-events";
import { listNodeEventsInput, listNodeEventsMeta, listNodeEventsOutput } from "./list-node-events.types";

export const listNodeEvents = protectedProcedure
  .meta(listNodeEventsMeta)
  .input(listNodeEventsInput)
  .output(listNodeEventsOutput)
  .query(async ({ ctx, input }) => {
    const events = await listNodeEventsUseCase(ctx.deps, ctx.viewer, { clusterId: input.cluster_id, nodeId: input.node_id, nodeName: input.node_name, type: input.type, limit: input.limit });
    return {
      items: events.map((e) => ({
        id: e.id,
        cluster_id: e.clusterId,
        node_id: e.nodeId,
        node_name: e.nodeName,
        type: e.type,
        reason: e.reason,
        message: e.message,
        observed_at: e.observedAt.toISOString(),
      })),
    };
  });
