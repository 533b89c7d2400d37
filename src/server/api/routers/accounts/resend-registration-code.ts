import { publicProcedure } from "@/server/api/trpc";
import { resendRegistrationCode as resendRegistrationCodeUseCase } from "@/server/services/accounts/resend-registration-code";
import { takeAuthRateLimit } from "./auth-rate-limit";
import { resendRegistrationCodeInput, resendRegistrationCodeMeta, resendRegistrationCodeOutput } from "./resend-registration-code.types";

export const resendRegistrationCode = publicProcedure
  .meta(resendRegistrationCodeMeta)
  .input(resendRegistrationCodeInput)
  .output(resendRegistrationCodeOutput)
  .mutation(async ({ ctx, input }) => {
    takeAuthRateLimit(ctx, "code_send");
    const { resendAfterSeconds } = await resendRegistrationCodeUseCase(ctx.deps, input.email, ctx.origin);
    return { status: "sent" as const, resend_after_seconds: resendAfterSeconds };
  });
