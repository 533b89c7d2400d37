import { protectedProcedure } from "@/server/api/trpc";
import { createApiKey as createApiKeyUseCase } from "@/server/services/api-keys/create-api-key";
import { createApiKeyInput, createApiKeyMeta, createApiKeyOutput } from "./create-api-key.types";

export const createApiKey = protectedProcedure
  .meta(createApiKeyMeta)
  .input(createApiKeyInput)
  .output(createApiKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const { apiKey, secret } = await createApiKeyUseCase(
      ctx.deps,
      ctx.viewer,
      { name: input.name, expiresInDays: input.expires_in_days, currentPassword: input.current_password, reauthLimiter: ctx.deps.limiters.auth },
      ctx.origin,
    );
    ctx.log.info("api key created", { user_id: ctx.viewer.id, api_key_id: apiKey.id });
    return { api_key: apiKey, secret };
  });
