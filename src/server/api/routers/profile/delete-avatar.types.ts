import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { profileViewSchema } from "@/server/services/profile/profile-view";

export const deleteAvatarMeta = {
  openapi: { method: "DELETE", path: "/profile/avatar", protect: true, tags: ["profile"], summary: "Remove your avatar (idempotent)" },
} satisfies OpenApiMeta;
export const deleteAvatarInput = z.void();
export const deleteAvatarOutput = profileViewSchema;
