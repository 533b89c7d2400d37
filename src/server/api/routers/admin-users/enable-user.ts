import { adminProcedure } from "@/server/api/trpc";
import { enableUser as enableUserUseCase } from "@/server/services/admin/set-user-disabled";
import { enableUserInput, enableUserMeta, enableUserOutput } from "./enable-user.types";

export const enableUser = adminProcedure
  .meta(enableUserMeta)
  .input(enableUserInput)
  .output(enableUserOutput)
  .mutation(({ ctx, input }) => enableUserUseCase(ctx.deps, ctx.viewer, input.user_id, ctx.origin));
