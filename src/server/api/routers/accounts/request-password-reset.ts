import { publicProcedure } from "@/server/api/trpc";
import { requestPasswordReset as requestPasswordResetUseCase } from "@/server/services/accounts/request-password-reset";
import { takeAuthRateLimit } from "./auth-rate-limit";
import { requestPasswordResetInput, requestPasswordResetMeta, requestPasswordResetOutput } from "./request-password-reset.types";

export const requestPasswordReset = publicProcedure
  .meta(requestPasswordResetMeta)
  .input(requestPasswordResetInput)
  .output(requestPasswordResetOutput)
  .mutation(async ({ ctx, input }) => {
    takeAuthRateLimit(ctx, "reset_request");
    await requestPasswordResetUseCase(ctx.deps, input.email, ctx.origin);
    return { status: "accepted" as const };
  });
