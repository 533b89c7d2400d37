import { adminProcedure } from "@/server/api/trpc";
import { forceDeleteCluster as forceDeleteClusterUseCase } from "@/server/services/clusters/force-delete-cluster";
import { forceDeleteClusterInput, forceDeleteClusterMeta, forceDeleteClusterOutput } from "./force-delete-cluster.types";

export const forceDeleteCluster = adminProcedure
  .meta(forceDeleteClusterMeta)
  .input(forceDeleteClusterInput)
  .output(forceDeleteClusterOutput)
  .mutation(({ ctx, input }) => forceDeleteClusterUseCase(ctx.deps, ctx.viewer, { clusterId: input.cluster_id, reason: input.reason }, ctx.origin));
