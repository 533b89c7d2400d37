import { publicProcedure } from "@/server/api/trpc";
import { completePasswordReset as completePasswordResetUseCase } from "@/server/services/accounts/complete-password-reset";
import { takeAuthRateLimit } from "./auth-rate-limit";
import { completePasswordResetInput, completePasswordResetMeta, completePasswordResetOutput } from "./complete-password-reset.types";

export const completePasswordReset = publicProcedure
  .meta(completePasswordResetMeta)
  .input(completePasswordResetInput)
  .output(completePasswordResetOutput)
  .mutation(async ({ ctx, input }) => {
    takeAuthRateLimit(ctx, "reset_complete");
    const proof = input.token ? { token: input.token } : { email: input.email!, code: input.code! };
    const { revokedSessions } = await completePasswordResetUseCase(ctx.deps, proof, input.new_password, ctx.origin);
    return { status: "password_changed" as const, revoked_sessions: revokedSessions };
  });
