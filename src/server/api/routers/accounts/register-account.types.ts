import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema, passwordSchema } from "@/server/domain/auth/credentials";
import { userLocaleSchema } from "@/server/domain/profile/user-locale";
import { verificationRequiredOutput } from "./account-answers";
import { displayNameSchema } from "./account-inputs";

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
  display_name: displayNameSchema,
  /** Language of the emails sent for this request; the console sends its current locale. */
  locale: userLocaleSchema.optional(),
});

export const registerAccountOutput = verificationRequiredOutput;
