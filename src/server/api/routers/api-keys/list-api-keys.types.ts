import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { apiKeyViewSchema } from "@/server/services/api-keys/api-key-view";

export const listApiKeysMeta = {
  openapi: { method: "GET", path: "/api-keys", protect: true, tags: ["api-keys"], summary: "List your API keys (never their secrets)" },
} satisfies OpenApiMeta;
export const listApiKeysInput = z.void();
export const listApiKeysOutput = z.object({ items: z.array(apiKeyViewSchema) });
