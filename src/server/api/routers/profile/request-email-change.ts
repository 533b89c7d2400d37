import { protectedProcedure } from "@/server/api/trpc";
import { requestEmailChange as requestEmailChangeUseCase } from "@/server/services/profile/request-email-change";
import { takeAuthRateLimit } from "../accounts/auth-rate-limit";
import { requestEmailChangeInput, requestEmailChangeMeta, requestEmailChangeOutput } from "./request-email-change.types";

export const requestEmailChange = protectedProcedure
  .meta(requestEmailChangeMeta)
  .input(requestEmailChangeInput)
  .output(requestEmailChangeOutput)
  .mutation(async ({ ctx, input }) => {
    takeAuthRateLimit(ctx, "code_send");
    const accepted = await requestEmailChangeUseCase(
      ctx.deps,
      ctx.viewer,
      { newEmail: input.new_email, currentPassword: input.current_password, reauthLimiter: ctx.deps.limiters.auth },
      ctx.origin,
    );
    return {
      status: "verification_required" as const,
      email: accepted.email,
      code_expires_in_seconds: accepted.codeExpiresInSeconds,
      resend_after_seconds: accepted.resendAfterSeconds,
    };
  });
