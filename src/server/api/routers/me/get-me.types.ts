import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";

export const getMeMeta = {
  openapi: { method: "GET", path: "/me", protect: true, tags: ["account"], summary: "The signed-in user (or the API key's owner)" },
} satisfies OpenApiMeta;

export const getMeInput = z.void();

export const getMeOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["user", "admin"]),
  auth_method: z.enum(["session", "api_key"]),
  created_at: z.string(),
});
