import { protectedProcedure } from "@/server/api/trpc";
import { previewJoinTokenRevocation as previewJoinTokenRevocationUseCase } from "@/server/services/join-tokens/preview-join-token-revocation";
import { previewJoinTokenRevocationInput, previewJoinTokenRevocationMeta, previewJoinTokenRevocationOutput } from "./preview-join-token-revocation.types";

export const previewJoinTokenRevocation = protectedProcedure
  .meta(previewJoinTokenRevocationMeta)
  .input(previewJoinTokenRevocationInput)
  .output(previewJoinTokenRevocationOutput)
  .query(({ ctx, input }) => previewJoinTokenRevocationUseCase(ctx.deps.join, ctx.viewer, { clusterId: input.cluster_id, tokenId: input.token_id }));
