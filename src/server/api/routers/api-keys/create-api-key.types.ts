import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { apiKeyViewSchema } from "@/server/services/api-keys/api-key-view";

export const createApiKeyMeta = {
  openapi: {
    method: "POST",
    path: "/api-keys",
    protect: true,
    tags: ["api-keys"],
    summary: "Create an API key; the secret is returned only in this response",
  },
} satisfies OpenApiMeta;
export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100, "Use at most 100 characters for the name."),
  expires_in_days: z.number().int().min(1, "Expiry must be at least 1 day.").max(3650, "Expiry must be at most 3650 days.").optional(),
  // Checked by the use case (403 when wrong or missing); optional here because password-less (OAuth) accounts re-authenticate by a fresh login.
  current_password: z.string().max(256).optional(),
});
export const createApiKeyOutput = z.object({ api_key: apiKeyViewSchema, secret: z.string() });
