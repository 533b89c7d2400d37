import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { displayNameSchema, profileSchema } from "./profile.schema";

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
  locale: z.enum(["zh-CN", "en"], { message: "Language must be zh-CN or en." }).optional(),
});
export const updateProfileOutput = profileSchema;
