import { protectedProcedure } from "@/server/api/trpc";
import { getJoinToken as getJoinTokenUseCase } from "@/server/services/join-tokens/get-join-token";
import { getJoinTokenInput, getJoinTokenMeta, getJoinTokenOutput } from "./get-join-token.types";

export const getJoinToken = protectedProcedure
  .meta(getJoinTokenMeta)
  .input(getJoinTokenInput)
  .output(getJoinTokenOutput)
  .query(({ ctx, input }) => getJoinTokenUseCase(ctx.deps.join, ctx.viewer, { clusterId: input.cluster_id, tokenId: input.token_id }));
