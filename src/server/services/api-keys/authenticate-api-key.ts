import { apiKeyHashMatches, hashApiKey, parseApiKey } from "@/server/domain/auth/api-key-format";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ApiKeyCache, CachedApiKey } from "@/server/services/auth/api-key-cache";

const TOUCH_INTERVAL_MS = 60_000;

/** Expiry is told apart from other failures: the fix (create a new key) is the same, but the cause is not obvious to a script's owner. */
export type ApiKeyAuthentication =
  | { viewer: Viewer; failure?: undefined }
  | { viewer: null; failure: "invalid_api_key" }
  | { viewer: null; failure: "expired_api_key"; expiredAt: Date };

export type ApiKeyAuthDeps = ServiceDeps & { apiKeyCache: ApiKeyCache };

/** `Authorization: Bearer <key>` → the key's owner; unknown, revoked, expired keys and disabled users are refused. */
export async function authenticateApiKey(deps: ApiKeyAuthDeps, presented: string): Promise<ApiKeyAuthentication> {
  const invalid = { viewer: null, failure: "invalid_api_key" } as const;
  if (!parseApiKey(presented)) return invalid;
  const keyHash = hashApiKey(presented.trim());
  const now = deps.now();
  const cached = deps.apiKeyCache.get(keyHash);
  if (cached && (!cached.expiresAt || cached.expiresAt > now)) {
    await touch(deps, keyHash, cached, now);
    return { viewer: cached.viewer };
  }
  const generation = deps.apiKeyCache.currentGeneration();
  const key = await deps.db.apiKey.findUnique({ where: { keyHash }, include: { user: true } });
  if (!key || !apiKeyHashMatches(presented.trim(), key.keyHash)) return invalid;
  if (key.revokedAt || key.user.disabled) return invalid;
  if (key.expiresAt && key.expiresAt <= now) return { viewer: null, failure: "expired_api_key", expiredAt: key.expiresAt };
  const { user } = key;
  const entry: CachedApiKey = {
    keyId: key.id,
    expiresAt: key.expiresAt,
    lastUsedAt: key.lastUsedAt,
    viewer: { id: user.id, email: user.email, name: user.name, role: user.role, auth: { method: "api_key", apiKeyId: key.id } },
  };
  deps.apiKeyCache.set(keyHash, entry, generation);
  await touch(deps, keyHash, entry, now);
  return { viewer: entry.viewer };
}

/** last_used_at is written at most once a minute per key, cached or not. */
async function touch(deps: ApiKeyAuthDeps, keyHash: string, key: CachedApiKey, now: Date): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await deps.db.apiKey.update({ where: { id: key.keyId }, data: { lastUsedAt: now } });
  key.lastUsedAt = now;
  deps.apiKeyCache.touched(keyHash, now);
}
