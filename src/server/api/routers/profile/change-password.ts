import { protectedProcedure } from "@/server/api/trpc";
import { changePassword as changePasswordUseCase } from "@/server/services/profile/change-password";
import { changePasswordInput, changePasswordMeta, changePasswordOutput } from "./change-password.types";

export const changePassword = protectedProcedure
  .meta(changePasswordMeta)
  .input(changePasswordInput)
  .output(changePasswordOutput)
  .mutation(async ({ ctx, input }) => {
    const { revokedSessions } = await changePasswordUseCase(
      ctx.deps,
      ctx.viewer,
      { currentPassword: input.current_password, newPassword: input.new_password, reauthLimiter: ctx.deps.limiters.auth },
      ctx.origin,
    );
    return { status: "password_changed" as const, revoked_sessions: revokedSessions };
  });
