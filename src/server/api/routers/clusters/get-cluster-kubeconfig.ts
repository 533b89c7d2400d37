import { protectedProcedure } from "@/server/api/trpc";
import { getClusterKubeconfig as getClusterKubeconfigUseCase } from "@/server/services/kubeconfigs/get-cluster-kubeconfig";
import { getClusterKubeconfigInput, getClusterKubeconfigMeta, getClusterKubeconfigOutput } from "./get-cluster-kubeconfig.types";

export const getClusterKubeconfig = protectedProcedure
  .meta(getClusterKubeconfigMeta)
  .input(getClusterKubeconfigInput)
  .output(getClusterKubeconfigOutput)
  .query(({ ctx, input }) => getClusterKubeconfigUseCase(ctx.deps.kubeconfigs, ctx.viewer, input.cluster_id, ctx.origin));
