import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { AVATAR_MAX_BYTES } from "@/server/domain/profile/avatar-image";
import { profileViewSchema } from "@/server/services/profile/profile-view";

export const uploadAvatarMeta = {
  openapi: {
    method: "PUT",
    path: "/profile/avatar",
    protect: true,
    tags: ["profile"],
    summary: "Upload your avatar as base64 in JSON: PNG, JPEG or WebP, at most 1 MiB and 4096×4096 px, checked by content",
  },
} satisfies OpenApiMeta;

// Twice the limit's base64 length: bounds the work done on absurd bodies, while a file a little over the
// limit still reaches the use case, whose 400 names the size and the limit.
const MAX_BASE64_CHARS = Math.ceil((2 * AVATAR_MAX_BYTES) / 3) * 4;

export const uploadAvatarInput = z.object({
  image_base64: z
    .string()
    .trim()
    .min(1, "Send the image as base64 in image_base64.")
    .max(MAX_BASE64_CHARS, "The image is far larger than the 1 MiB limit. Choose a smaller image.")
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "image_base64 must be standard base64 (no data: prefix, no line breaks)."),
});
export const uploadAvatarOutput = profileViewSchema;
