import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { profileViewSchema } from "@/server/services/profile/profile-view";

export const getProfileMeta = {
  openapi: { method: "GET", path: "/profile", protect: true, tags: ["profile"], summary: "Your profile: display name, language, avatar URL" },
} satisfies OpenApiMeta;
export const getProfileInput = z.void();
export const getProfileOutput = profileViewSchema;
