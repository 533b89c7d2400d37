import { protectedProcedure } from "@/server/api/trpc";
import { revokeKubeconfig as revokeKubeconfigUseCase } from "@/server/services/kubeconfigs/revoke-kubeconfig";
import { revokeKubeconfigInput, revokeKubeconfigMeta, revokeKubeconfigOutput } from "./revoke-kubeconfig.types";

export const revokeKubeconfig = protectedProcedure
  .meta(revokeKubeconfigMeta)
  .input(revokeKubeconfigInput)
  .output(revokeKubeconfigOutput)
  .mutation(({ ctx, input }) => revokeKubeconfigUseCase(ctx.deps.kubeconfigs, ctx.viewer, { clusterId: input.cluster_id, credentialId: input.credential_id }, ctx.origin));
