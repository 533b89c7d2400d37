import { protectedProcedure } from "@/server/api/trpc";
import { getCluster as getClusterUseCase } from "@/server/services/clusters/get-cluster";
import { getClusterInput, getClusterMeta, getClusterOutput } from "./get-cluster.types";

export const getCluster = protectedProcedure
  .meta(getClusterMeta)
  .input(getClusterInput)
  .output(getClusterOutput)
  .query(({ ctx, input }) => getClusterUseCase(ctx.deps, ctx.viewer, input.cluster_id));
