import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema } from "@/server/domain/auth/credentials";
import { codeSchema } from "./account-inputs";

export const verifyRegistrationMeta = {
  openapi: {
    method: "POST",
    path: "/accounts/register/verify",
    tags: ["accounts"],
    summary: "Activate a registered account with the emailed code and the password chosen at registration; then sign in",
  },
} satisfies OpenApiMeta;

export const verifyRegistrationInput = z.object({
  email: emailSchema,
  code: codeSchema,
  password: z.string().min(1, "Enter the password you registered with.").max(256),
});

export const verifyRegistrationOutput = z.object({ status: z.literal("active"), email: z.string() });
