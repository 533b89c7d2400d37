import { publicProcedure } from "@/server/api/trpc";
import { verifyRegistration as verifyRegistrationUseCase } from "@/server/services/accounts/verify-registration";
import { takeAuthRateLimit } from "./auth-rate-limit";
import { verifyRegistrationInput, verifyRegistrationMeta, verifyRegistrationOutput } from "./verify-registration.types";

export const verifyRegistration = publicProcedure
  .meta(verifyRegistrationMeta)
  .input(verifyRegistrationInput)
  .output(verifyRegistrationOutput)
  .mutation(async ({ ctx, input }) => {
    takeAuthRateLimit(ctx, "code_verify");
    await verifyRegistrationUseCase(ctx.deps, input, ctx.origin);
    return { status: "active" as const, email: input.email };
  });
