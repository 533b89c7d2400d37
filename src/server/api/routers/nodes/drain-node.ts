import { protectedProcedure } from "@/server/api/trpc";
import { drainNode as drainNodeUseCase } from "@/server/services/nodes/drain-node";
import { drainNodeInput, drainNodeMeta, drainNodeOutput } from "./drain-node.types";

export const drainNode = protectedProcedure
  .meta(drainNodeMeta)
  .input(drainNodeInput)
  .output(drainNodeOutput)
  .mutation(({ ctx, input, signal }) =>
    drainNodeUseCase(ctx.deps.cluster, ctx.viewer, {
        clusterId: input.cluster_id,
        nodeName: input.node_name,
        timeoutSeconds: input.timeout_seconds,
        force: input.force,
        deleteEmptyDirData: input.delete_emptydir_data,
        signal,
      }, ctx.origin),
  );
