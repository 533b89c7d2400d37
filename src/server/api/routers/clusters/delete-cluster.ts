import { protectedProcedure } from "@/server/api/trpc";
import { deleteCluster as deleteClusterUseCase } from "@/server/services/clusters/delete-cluster";
import { deleteClusterInput, deleteClusterMeta, deleteClusterOutput } from "./delete-cluster.types";

export const deleteCluster = protectedProcedure
  .meta(deleteClusterMeta)
  .input(deleteClusterInput)
  .output(deleteClusterOutput)
  .mutation(({ ctx, input }) => deleteClusterUseCase(ctx.deps, ctx.viewer, input.cluster_id, ctx.origin));
