import { apiKeyHashMatches, hashApiKey, parseApiKey } from "@/server/domain/auth/api-key-format";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";

const TOUCH_INTERVAL_MS = 60_000;

/** Expiry is told apart from other failures: the fix (create a new key) is the same, but the cause is not obvious to a script's owner. */
export type ApiKeyAuthentication =
  | { viewer: Viewer; failure?: undefined }
  | { viewer: null; failure: "invalid_api_key" }
  | { viewer: null; failure: "expired_api_key"; expiredAt: Date };

/** `Authorization: Bearer <key>` → the key's owner; unknown, revoked, expired keys and disabled users are refused. */
export async function authenticateApiKey(deps: ServiceDeps, presented: string): Promise<ApiKeyAuthentication> {
  const invalid = { viewer: null, failure: "invalid_api_key" } as const;
  if (!parseApiKey(presented)) return invalid;
  const key = await deps.db.apiKey.findUnique({ where: { keyHash: hashApiKey(presented.trim()) }, include: { user: true } });
  const now = deps.now();
  if (!key || !apiKeyHashMatches(presented.trim(), key.keyHash)) return invalid;
  if (key.revokedAt || key.user.disabled) return invalid;
  if (key.expiresAt && key.expiresAt <= now) return { viewer: null, failure: "expired_api_key", expiredAt: key.expiresAt };
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  const { user } = key;
  return { viewer: { id: user.id, email: user.email, name: user.name, role: user.role, auth: { method: "api_key", apiKeyId: key.id } } };
}
