import { protectedProcedure } from "@/server/api/trpc";
import { createJoinToken as createJoinTokenUseCase } from "@/server/services/join-tokens/create-join-token";
import { createJoinTokenInput, createJoinTokenMeta, createJoinTokenOutput } from "./create-join-token.types";

export const createJoinToken = protectedProcedure
  .meta(createJoinTokenMeta)
  .input(createJoinTokenInput)
  .output(createJoinTokenOutput)
  .mutation(({ ctx, input }) =>
    createJoinTokenUseCase(ctx.deps.join, ctx.viewer, { clusterId: input.cluster_id, ttlSeconds: input.ttl_seconds, description: input.description, maxUses: input.max_uses }, ctx.origin),
  );
