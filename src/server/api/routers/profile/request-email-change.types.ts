import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema } from "@/server/domain/auth/credentials";
import { verificationRequiredOutput } from "../accounts/account-answers";

export const requestEmailChangeMeta = {
  openapi: {
    method: "POST",
    path: "/profile/email",
    protect: true,
    tags: ["profile"],
    summary: "Start an email change (needs current_password): a 6-digit code is emailed to the new address",
  },
} satisfies OpenApiMeta;
export const requestEmailChangeInput = z.object({
  new_email: emailSchema,
  current_password: z.string().max(256).optional(),
});
export const requestEmailChangeOutput = verificationRequiredOutput;
