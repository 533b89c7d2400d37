import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema, localeSchema, passwordSchema } from "./account.schema";

export const registerAccountMeta = {
  openapi: {
    method: "POST",
    path: "/accounts/register",
    tags: ["accounts"],
    summary: "Register with email and password; a 6-digit code is emailed to confirm the address (same answer for addresses that already have an account)",
  },
} satisfies OpenApiMeta;

export const registerAccountInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  display_name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters for the name."),
  locale: localeSchema,
});

export const registerAccountOutput = z.object({
  status: z.literal("verification_required"),
  email: z.string(),
  code_expires_in_seconds: z.number().int(),
  resend_after_seconds: z.number().int(),
});
