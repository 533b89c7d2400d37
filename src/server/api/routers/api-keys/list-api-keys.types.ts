import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { apiKeyViewSchema } from "@/server/services/api-keys/api-key-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";

export const listApiKeysMeta = {
  openapi: { method: "GET", path: "/api-keys", protect: true, tags: ["api-keys"], summary: "Your API keys (never their secrets), newest first; page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listApiKeysInput = z.object({ ...pageInput.shape });
export const listApiKeysOutput = pageSchema(apiKeyViewSchema);
