import { protectedProcedure } from "@/server/api/trpc";
import { listJoinTokens as listJoinTokensUseCase } from "@/server/services/join-tokens/list-join-tokens";
import { listJoinTokensInput, listJoinTokensMeta, listJoinTokensOutput } from "./list-join-tokens.types";

export const listJoinTokens = protectedProcedure
  .meta(listJoinTokensMeta)
  .input(listJoinTokensInput)
  .output(listJoinTokensOutput)
  .query(({ ctx, input }) => listJoinTokensUseCase(ctx.deps.join, ctx.viewer, input.cluster_id, { limit: input.limit, cursor: input.cursor }));
