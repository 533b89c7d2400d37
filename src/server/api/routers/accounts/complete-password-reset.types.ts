import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema, passwordSchema } from "@/server/domain/auth/credentials";
import { passwordChangedOutput } from "./account-answers";
import { codeSchema } from "./account-inputs";

export const completePasswordResetMeta = {
  openapi: {
    method: "POST",
    path: "/accounts/password-reset/complete",
    tags: ["accounts"],
    summary: "Set a new password with the token from the reset link, or with email + emailed code; signs the account out everywhere",
  },
} satisfies OpenApiMeta;

export const completePasswordResetInput = z
  .object({
    token: z.string().trim().min(20).max(200).optional(),
    email: emailSchema.optional(),
    code: codeSchema.optional(),
    new_password: passwordSchema,
  })
  .refine((v) => Boolean(v.token) || Boolean(v.email && v.code), {
    message: "Send either the token from the reset link, or the email address and the 6-digit code.",
  });

export const completePasswordResetOutput = passwordChangedOutput;
