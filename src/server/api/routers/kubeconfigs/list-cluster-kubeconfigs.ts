import { protectedProcedure } from "@/server/api/trpc";
import { listClusterKubeconfigCredentials } from "@/server/services/kubeconfigs/list-kubeconfig-credentials";
import { listClusterKubeconfigsInput, listClusterKubeconfigsMeta, listClusterKubeconfigsOutput } from "./list-cluster-kubeconfigs.types";

export const listClusterKubeconfigs = protectedProcedure
  .meta(listClusterKubeconfigsMeta)
  .input(listClusterKubeconfigsInput)
  .output(listClusterKubeconfigsOutput)
  .query(({ ctx, input }) => listClusterKubeconfigCredentials(ctx.deps, ctx.viewer, input.cluster_id, { limit: input.limit, cursor: input.cursor }));
