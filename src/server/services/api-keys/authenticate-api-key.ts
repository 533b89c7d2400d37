import { apiKeyHashMatches, hashApiKey, parseApiKey } from "@/server/domain/auth/api-key-format";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";

const TOUCH_INTERVAL_MS = 60_000;

/** `Authorization: Bearer <key>` → the key's owner, or null if unknown, revoked, expired or the user is disabled. */
export async function authenticateApiKey(deps: ServiceDeps, presented: string): Promise<Viewer | null> {
  if (!parseApiKey(presented)) return null;
  const key = await deps.db.apiKey.findUnique({ where: { keyHash: hashApiKey(presented.trim()) }, include: { user: true } });
  const now = deps.now();
  if (!key || !apiKeyHashMatches(presented.trim(), key.keyHash)) return null;
  if (key.revokedAt || (key.expiresAt && key.expiresAt <= now) || key.user.disabled) return null;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  const { user } = key;
  return { id: user.id, email: user.email, name: user.name, role: user.role, auth: { method: "api_key", apiKeyId: key.id } };
}
