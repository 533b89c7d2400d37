import { protectedProcedure } from "@/server/api/trpc";
import { listApiKeys as listApiKeysUseCase } from "@/server/services/api-keys/list-api-keys";
import { listApiKeysInput, listApiKeysMeta, listApiKeysOutput } from "./list-api-keys.types";

export const listApiKeys = protectedProcedure
  .meta(listApiKeysMeta)
  .input(listApiKeysInput)
  .output(listApiKeysOutput)
  .query(({ ctx, input }) => listApiKeysUseCase(ctx.deps, ctx.viewer, { limit: input.limit, cursor: input.cursor }));
