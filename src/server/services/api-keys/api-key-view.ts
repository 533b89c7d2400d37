import type { ApiKey } from "@/server/infra/db/client";
import { isoOrNull } from "@/server/domain/iso-time";

/** The API's shape of a key: snake_case as in the spec, never the hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

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
