import { protectedProcedure } from "@/server/api/trpc";
import { uploadAvatar as uploadAvatarUseCase } from "@/server/services/profile/upload-avatar";
import { uploadAvatarInput, uploadAvatarMeta, uploadAvatarOutput } from "./upload-avatar.types";

export const uploadAvatar = protectedProcedure
  .meta(uploadAvatarMeta)
  .input(uploadAvatarInput)
  .output(uploadAvatarOutput)
  .mutation(({ ctx, input }) => uploadAvatarUseCase(ctx.deps, ctx.viewer, Buffer.from(input.image_base64, "base64"), ctx.origin));
