import { protectedProcedure } from "@/server/api/trpc";
import { issueKubeconfig as issueKubeconfigUseCase } from "@/server/services/kubeconfigs/issue-kubeconfig";
import { issueKubeconfigInput, issueKubeconfigMeta, issueKubeconfigOutput } from "./issue-kubeconfig.types";

export const issueKubeconfig = protectedProcedure
  .meta(issueKubeconfigMeta)
  .input(issueKubeconfigInput)
  .output(issueKubeconfigOutput)
  .mutation(({ ctx, input }) => issueKubeconfigUseCase(ctx.deps.kubeconfigs, ctx.viewer, { clusterId: input.cluster_id, access: input.access, ttlSeconds: input.ttl_seconds }, ctx.origin));
