import { protectedProcedure } from "@/server/api/trpc";
import { deleteAvatar as deleteAvatarUseCase } from "@/server/services/profile/delete-avatar";
import { deleteAvatarInput, deleteAvatarMeta, deleteAvatarOutput } from "./delete-avatar.types";

export const deleteAvatar = protectedProcedure
  .meta(deleteAvatarMeta)
  .input(deleteAvatarInput)
  .output(deleteAvatarOutput)
  .mutation(({ ctx }) => deleteAvatarUseCase(ctx.deps, ctx.viewer, ctx.origin));
