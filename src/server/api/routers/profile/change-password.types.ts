import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { passwordSchema } from "@/server/domain/auth/credentials";
import { passwordChangedOutput } from "../accounts/account-answers";

export const changePasswordMeta = {
  openapi: {
    method: "POST",
    path: "/profile/password",
    protect: true,
    tags: ["profile"],
    summary: "Change your password (needs current_password); every other session is signed out",
  },
} satisfies OpenApiMeta;
export const changePasswordInput = z.object({
  // Checked by the use case (403 when wrong or missing); optional for accounts without a password (OAuth), which confirm by a recent login.
  current_password: z.string().max(256).optional(),
  new_password: passwordSchema,
});
export const changePasswordOutput = passwordChangedOutput;
