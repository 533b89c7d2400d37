import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema } from "@/server/domain/auth/credentials";

export const requestPasswordResetMeta = {
  openapi: {
    method: "POST",
    path: "/accounts/password-reset",
    tags: ["accounts"],
    summary: "Email a password reset code and link to the account's address, if there is one (the answer is always the same)",
  },
} satisfies OpenApiMeta;

export const requestPasswordResetInput = z.object({ email: emailSchema });
export const requestPasswordResetOutput = z.object({ status: z.literal("accepted") });
