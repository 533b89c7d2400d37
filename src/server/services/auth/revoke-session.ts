import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

/** Logout: the session row is revoked, so the cookie stops working on its next request. Idempotent. */
export async function revokeSession(deps: ServiceDeps, sessionId: string, origin?: RequestOrigin): Promise<void> {
  const session = await deps.db.session.findUnique({ where: { id: sessionId } });
  if (!session || session.revokedAt) return;
  await deps.db.$transaction(async (tx) => {
    await tx.session.update({ where: { id: sessionId }, data: { revokedAt: deps.now() } });
    await recordAuditEvent(tx, { actorUserId: session.userId, action: "auth.logout", targetType: "session", targetId: sessionId }, origin);
  });
}

/** Logout everywhere (also used when a user is disabled or resets the password). */
export async function revokeAllSessions(deps: ServiceDeps, userId: string): Promise<number> {
  const { count } = await deps.db.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: deps.now() } });
  return count;
}
