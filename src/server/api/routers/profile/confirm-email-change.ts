import { protectedProcedure } from "@/server/api/trpc";
import { confirmEmailChange as confirmEmailChangeUseCase } from "@/server/services/profile/confirm-email-change";
import { takeAuthRateLimit } from "../accounts/auth-rate-limit";
import { confirmEmailChangeInput, confirmEmailChangeMeta, confirmEmailChangeOutput } from "./confirm-email-change.types";

export const confirmEmailChange = protectedProcedure
  .meta(confirmEmailChangeMeta)
  .input(confirmEmailChangeInput)
  .output(confirmEmailChangeOutput)
  .mutation(({ ctx, input }) => {
    takeAuthRateLimit(ctx, "code_verify");
    return confirmEmailChangeUseCase(ctx.deps, ctx.viewer, { newEmail: input.new_email, code: input.code }, ctx.origin);
  });
