import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { userLocales } from "@/server/domain/profile/user-locale";
import { profileViewSchema } from "@/server/services/profile/profile-view";
import { displayNameSchema } from "../accounts/account-inputs";

export const updateProfileMeta = {
  openapi: {
    method: "PATCH",
    path: "/profile",
    protect: true,
    tags: ["profile"],
    summary: "Change your display name and/or language (the language of emails sent to you); absent fields stay",
  },
} satisfies OpenApiMeta;
export const updateProfileInput = z.object({
  display_name: displayNameSchema.optional(),
  locale: z.enum(userLocales, { message: "Language must be zh-CN or en." }).optional(),
});
export const updateProfileOutput = profileViewSchema;
