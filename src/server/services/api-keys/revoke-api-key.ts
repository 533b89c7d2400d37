import { z } from "zod";
import { notFound } from "@/server/domain/errors";
import type { Viewer } from "@/server/domain/auth/viewer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { AuthDeps } from "@/server/services/auth/auth-deps";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

export const revokedApiKeySchema = z.object({ id: z.string(), revoked_at: z.string() });
export type RevokedApiKey = z.infer<typeof revokedApiKeySchema>;

/**
 * Revokes one of the viewer's keys; another user's key is "not found". Idempotent. Once committed, this process
 * forgets the cached lookup at once, so the key's next request here is refused (others hear the database).
 */
export async function revokeApiKey(deps: ServiceDeps & Pick<AuthDeps, "apiKeyCache">, viewer: Viewer, id: string, origin: RequestOrigin): Promise<RevokedApiKey> {
  const revoked = await deps.db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { id, userId: viewer.id } });
    if (!key) throw notFound(`API key ${id}`);
    if (key.revokedAt) return { id, revoked_at: key.revokedAt.toISOString() };
    const revokedAt = deps.now();
    await tx.apiKey.update({ where: { id }, data: { revokedAt } });
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "api_key.revoke", targetType: "api_key", targetId: id }, origin);
    return { id, revoked_at: revokedAt.toISOString() };
  });
  deps.apiKeyCache.forgetUser(viewer.id);
  return revoked;
}
