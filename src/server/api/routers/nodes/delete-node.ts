import { protectedProcedure } from "@/server/api/trpc";
import { deleteNode as deleteNodeUseCase } from "@/server/services/nodes/delete-node";
import { deleteNodeInput, deleteNodeMeta, deleteNodeOutput } from "./delete-node.types";

export const deleteNode = protectedProcedure
  .meta(deleteNodeMeta)
  .input(deleteNodeInput)
  .output(deleteNodeOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteNodeUseCase(ctx.deps.cluster, ctx.viewer, { clusterId: input.cluster_id, nodeName: input.node_name }, ctx.origin);
    return { cluster_id: input.cluster_id, node_name: input.node_name, deleted: true as const };
  });
