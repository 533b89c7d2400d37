import { protectedProcedure } from "@/server/api/trpc";
import { getProfile as getProfileUseCase } from "@/server/services/profile/get-profile";
import { getProfileInput, getProfileMeta, getProfileOutput } from "./get-profile.types";

export const getProfile = protectedProcedure
  .meta(getProfileMeta)
  .input(getProfileInput)
  .output(getProfileOutput)
  .query(({ ctx }) => getProfileUseCase(ctx.deps, ctx.viewer));
