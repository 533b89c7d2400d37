import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { generateApiKey } from "@/server/domain/auth/api-key-format";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { requireCurrentPassword } from "@/server/services/auth/require-current-password";
import { notifyApiKeyCreated } from "@/server/services/notifications/emitters";
import type { AuthDeps } from "@/server/services/auth/auth-deps";
import type { RequestOrigin } from "@/server/services/service-deps";
import { toApiKeyView, type ApiKeyView } from "./api-key-view";

export const MAX_ACTIVE_API_KEYS = 25;

export interface CreateApiKeyInput {
  name: string;
  expiresInDays?: number;
  /** Re-authentication: a key outlives the session, so minting one needs the password again. */
  currentPassword?: string;
  /** The auth rate limiter; counts password confirmations per user. */
  reauthLimiter?: TokenBucketLimiter;
}

/** Issues a key after re-authentication; the full secret is returned only here and only its hash is stored. */
export async function createApiKey(
  deps: AuthDeps,
  viewer: Viewer,
  input: CreateApiKeyInput,
  origin: RequestOrigin,
): Promise<{ apiKey: ApiKeyView; secret: string }> {
  await requireCurrentPassword(deps, viewer, input.currentPassword, { action: "api_key.create", origin, limiter: input.reauthLimiter });
  const now = deps.now();
  const active = await deps.db.apiKey.count({
    where: { userId: viewer.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });
  if (active >= MAX_ACTIVE_API_KEYS) {
    throw new AppError("CONFLICT", `You already have ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use, then try again.`);
  }
  const generated = generateApiKey();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null;
  const created = await deps.db.$transaction(async (tx) => {
    const key = await tx.apiKey.create({
      data: { id: newId("key"), userId: viewer.id, name: input.name, prefix: generated.prefix, keyHash: generated.hash, expiresAt },
    });
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "api_key.create", targetType: "api_key", targetId: key.id, metadata: { name: key.name, prefix: key.prefix, expires_at: key.expiresAt?.toISOString() ?? null } }, origin);
    return key;
  });
  await notifyApiKeyCreated(deps, viewer.id, created);
  return { apiKey: toApiKeyView(created), secret: generated.key };
}
