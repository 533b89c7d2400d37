import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { emailSchema } from "@/server/domain/auth/credentials";
import { profileViewSchema } from "@/server/services/profile/profile-view";
import { codeSchema } from "../accounts/account-inputs";

export const confirmEmailChangeMeta = {
  openapi: {
    method: "POST",
    path: "/profile/email/verify",
    protect: true,
    tags: ["profile"],
    summary: "Finish an email change with the code sent to the new address",
  },
} satisfies OpenApiMeta;
export const confirmEmailChangeInput = z.object({ new_email: emailSchema, code: codeSchema });
export const confirmEmailChangeOutput = profileViewSchema;
