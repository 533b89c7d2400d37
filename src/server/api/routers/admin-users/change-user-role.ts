import { adminProcedure } from "@/server/api/trpc";
import { changeUserRole as changeUserRoleUseCase } from "@/server/services/admin/change-user-role";
import { changeUserRoleInput, changeUserRoleMeta, changeUserRoleOutput } from "./change-user-role.types";

export const changeUserRole = adminProcedure
  .meta(changeUserRoleMeta)
  .input(changeUserRoleInput)
  .output(changeUserRoleOutput)
  .mutation(({ ctx, input }) => changeUserRoleUseCase(ctx.deps, ctx.viewer, input.user_id, input.role, ctx.origin));
