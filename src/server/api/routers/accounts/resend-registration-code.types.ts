import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema } from "@/server/domain/auth/credentials";

export const resendRegistrationCodeMeta = {
  openapi: {
    method: "POST",
    path: "/accounts/register/resend",
    tags: ["accounts"],
    summary: "Email a new registration code (at most one a minute; the same answer for unknown addresses)",
  },
} satisfies OpenApiMeta;

export const resendRegistrationCodeInput = z.object({ email: emailSchema });
export const resendRegistrationCodeOutput = z.object({ status: z.literal("sent"), resend_after_seconds: z.number().int() });
