import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { authMethodSchema } from "@/server/domain/auth/viewer";
import { accountViewSchema } from "@/server/services/auth/get-account";

export const getMeMeta = {
  openapi: { method: "GET", path: "/me", protect: true, tags: ["account"], summary: "The signed-in user (or the API key's owner)" },
} satisfies OpenApiMeta;

export const getMeInput = z.void();

export const getMeOutput = accountViewSchema.extend({ auth_method: authMethodSchema });
