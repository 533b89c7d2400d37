import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { currentSessionId } from "./own-sessions";

export const revokedSessionSchema = z.object({ id: z.string(), revoked_at: z.string(), current: z.boolean() });
export type RevokedSession = z.infer<typeof revokedSessionSchema>;

/**
 * Signs one of the caller's browsers out (its next request is 401). Another
 * user's session id answers 404, exactly like an unknown one. Revoking the
 * current session is allowed: it is a logout. Idempotent for own sessions.
 */
export async function revokeOwnSession(
  deps: ServiceDeps,
  viewer: Viewer,
  sessionId: string,
  origin: RequestOrigin,
): Promise<RevokedSession> {
  return deps.db.$transaction(async (tx) => {
    const session = await tx.session.findFirst({ where: { id: sessionId, userId: viewer.id } });
    if (!session) throw notFound("This session");
    if (session.revokedAt) return { id: session.id, revoked_at: session.revokedAt.toISOString(), current: false };
    const revokedAt = deps.now();
    await tx.session.update({ where: { id: session.id }, data: { revokedAt } });
    const current = session.id === currentSessionId(viewer);
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "profile.session_revoke", targetType: "session", targetId: session.id, metadata: { current } }, origin);
    return { id: session.id, revoked_at: revokedAt.toISOString(), current };
  });
}

/** Signs out every other browser of the caller; the current one stays (an API-key caller ends all sessions). */
export async function revokeOtherSessions(deps: ServiceDeps, viewer: Viewer, origin: RequestOrigin): Promise<{ revokedSessions: number }> {
  const keep = currentSessionId(viewer);
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.session.updateMany({
      where: { userId: viewer.id, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
      data: { revokedAt: deps.now() },
    });
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "profile.sessions_revoke_others", targetType: "user", targetId: viewer.id, metadata: { sessions_revoked: count } }, origin);
    return { revokedSessions: count };
  });
}
