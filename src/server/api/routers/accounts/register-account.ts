import { publicProcedure } from "@/server/api/trpc";
import { registerAccount as registerAccountUseCase } from "@/server/services/accounts/register-account";
import { takeAuthRateLimit } from "./auth-rate-limit";
import { registerAccountInput, registerAccountMeta, registerAccountOutput } from "./register-account.types";

export const registerAccount = publicProcedure
  .meta(registerAccountMeta)
  .input(registerAccountInput)
  .output(registerAccountOutput)
  .mutation(async ({ ctx, input }) => {
    takeAuthRateLimit(ctx, "register");
    const accepted = await registerAccountUseCase(
      ctx.deps,
      { email: input.email, password: input.password, displayName: input.display_name, locale: input.locale },
      ctx.origin,
    );
    return {
      status: "verification_required" as const,
      email: accepted.email,
      code_expires_in_seconds: accepted.codeExpiresInSeconds,
      resend_after_seconds: accepted.resendAfterSeconds,
    };
  });
