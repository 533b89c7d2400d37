import { protectedProcedure } from "@/server/api/trpc";
import { updateProfile as updateProfileUseCase } from "@/server/services/profile/update-profile";
import { updateProfileInput, updateProfileMeta, updateProfileOutput } from "./update-profile.types";

export const updateProfile = protectedProcedure
  .meta(updateProfileMeta)
  .input(updateProfileInput)
  .output(updateProfileOutput)
  .mutation(({ ctx, input }) => updateProfileUseCase(ctx.deps, ctx.viewer, { displayName: input.display_name, locale: input.locale }, ctx.origin));
