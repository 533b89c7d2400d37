import { protectedProcedure } from "@/server/api/trpc";
import { breakGlassKubeconfig as breakGlassKubeconfigUseCase } from "@/server/services/kubeconfigs/break-glass-kubeconfig";
import { breakGlassKubeconfigInput, breakGlassKubeconfigMeta, breakGlassKubeconfigOutput } from "./break-glass-kubeconfig.types";

export const breakGlassKubeconfig = protectedProcedure
  .meta(breakGlassKubeconfigMeta)
  .input(breakGlassKubeconfigInput)
  .output(breakGlassKubeconfigOutput)
  .mutation(({ ctx, input }) => breakGlassKubeconfigUseCase(ctx.deps, ctx.viewer, { clusterId: input.cluster_id, reason: input.reason }, ctx.origin));
