import { protectedProcedure } from "@/server/api/trpc";
import { listClusterOperations as listClusterOperationsUseCase } from "@/server/services/clusters/list-cluster-operations";
import { listClusterOperationsInput, listClusterOperationsMeta, listClusterOperationsOutput } from "./list-cluster-operations.types";

export const listClusterOperations = protectedProcedure
  .meta(listClusterOperationsMeta)
  .input(listClusterOperationsInput)
  .output(listClusterOperationsOutput)
  .query(({ ctx, input }) => listClusterOperationsUseCase(ctx.deps, ctx.viewer, input.cluster_id, { limit: input.limit, cursor: input.cursor }));
