import { protectedProcedure } from "@/server/api/trpc";
import { getClusterNode } from "@/server/services/nodes/get-cluster-node";
import { getNodeInput, getNodeMeta, getNodeOutput } from "./get-node.types";

export const getNode = protectedProcedure
  .meta(getNodeMeta)
  .input(getNodeInput)
  .output(getNodeOutput)
  .query(({ ctx, input }) => getClusterNode(ctx.deps.cluster, ctx.viewer, input.cluster_id, input.node_name));
