import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { revokedApiKeySchema } from "@/server/services/api-keys/revoke-api-key";

export const revokeApiKeyMeta = {
  openapi: { method: "DELETE", path: "/api-keys/{id}", protect: true, tags: ["api-keys"], summary: "Revoke an API key (idempotent)" },
} satisfies OpenApiMeta;
export const revokeApiKeyInput = z.object({ id: z.string().min(1) });
export const revokeApiKeyOutput = revokedApiKeySchema;
