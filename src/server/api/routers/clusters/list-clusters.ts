import { protectedProcedure } from "@/server/api/trpc";
import { listClusters as listClustersUseCase } from "@/server/services/clusters/list-clusters";
import { listClustersInput, listClustersMeta, listClustersOutput } from "./list-clusters.types";

export const listClusters = protectedProcedure
  .meta(listClustersMeta)
  .input(listClustersInput)
  .output(listClustersOutput)
  .query(({ ctx, input }) => listClustersUseCase(ctx.deps, ctx.viewer, { includeDeleted: input.include_deleted, limit: input.limit, cursor: input.cursor }));
