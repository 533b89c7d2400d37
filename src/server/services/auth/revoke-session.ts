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

/** Logout everywhere: every open session of the user ends on its next request (also for disable / password reset). */
export async function revokeAllSessions(deps: ServiceDeps, userId: string, origin?: RequestOrigin): Promise<number> {
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: deps.now() } });
    await recordAuditEvent(tx, { actorUserId: userId, action: "auth.logout_everywhere", targetType: "user", targetId: userId, metadata: { sessions: count } }, origin);
    return count;
  });
}
