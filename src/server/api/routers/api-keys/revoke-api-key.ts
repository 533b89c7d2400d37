import { protectedProcedure } from "@/server/api/trpc";
import { revokeApiKey as revokeApiKeyUseCase } from "@/server/services/api-keys/revoke-api-key";
import { revokeApiKeyInput, revokeApiKeyMeta, revokeApiKeyOutput } from "./revoke-api-key.types";

export const revokeApiKey = protectedProcedure
  .meta(revokeApiKeyMeta)
  .input(revokeApiKeyInput)
  .output(revokeApiKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await revokeApiKeyUseCase(ctx.deps, ctx.viewer, input.id, ctx.origin);
    ctx.log.info("api key revoked", { user_id: ctx.viewer.id, api_key_id: input.id });
    return result;
  });
