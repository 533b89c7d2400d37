import { protectedProcedure } from "@/server/api/trpc";
import { revokeJoinToken as revokeJoinTokenUseCase } from "@/server/services/join-tokens/revoke-join-token";
import { revokeJoinTokenInput, revokeJoinTokenMeta, revokeJoinTokenOutput } from "./revoke-join-token.types";

export const revokeJoinToken = protectedProcedure
  .meta(revokeJoinTokenMeta)
  .input(revokeJoinTokenInput)
  .output(revokeJoinTokenOutput)
  .mutation(({ ctx, input }) => revokeJoinTokenUseCase(ctx.deps.join, ctx.viewer, { clusterId: input.cluster_id, tokenId: input.token_id }, ctx.origin));
