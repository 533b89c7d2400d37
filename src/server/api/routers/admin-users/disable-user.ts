import { adminProcedure } from "@/server/api/trpc";
import { disableUser as disableUserUseCase } from "@/server/services/admin/set-user-disabled";
import { disableUserInput, disableUserMeta, disableUserOutput } from "./disable-user.types";

export const disableUser = adminProcedure
  .meta(disableUserMeta)
  .input(disableUserInput)
  .output(disableUserOutput)
  .mutation(({ ctx, input }) => disableUserUseCase(ctx.deps, ctx.viewer, input.user_id, ctx.origin));
