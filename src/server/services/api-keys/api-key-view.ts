import { z } from "zod";
import type { ApiKey } from "@/server/infra/db/client";
import { isoOrNull } from "@/server/domain/iso-time";

/** The API's shape of a key: snake_case as in the spec, never the hash. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export function toApiKeyView(k: ApiKey): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    last_used_at: isoOrNull(k.lastUsedAt),
    expires_at: isoOrNull(k.expiresAt),
    revoked_at: isoOrNull(k.revokedAt),
  };
}
