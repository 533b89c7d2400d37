import type { Prisma } from "@/server/infra/db/client";
import { newId } from "@/server/domain/ids";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AuthDeps } from "@/server/services/auth/auth-deps";

export interface OpenedSession {
  sessionId: string;
  expiresAt: Date;
}

/**
 * The revocable half of every login (password or OAuth): a new `sessions` row, and the session
 * the browser carried before revoked (rotation: a planted or left-over session never survives a login).
 * Call inside the login's transaction, next to its audit event.
 */
export async function openSession(
  tx: Prisma.TransactionClient,
  deps: Pick<AuthDeps, "sessionTtlHours">,
  userId: string,
  origin: RequestOrigin,
  now: Date,
  replacesSessionId: string | null | undefined,
): Promise<OpenedSession> {
  const expiresAt = new Date(now.getTime() + deps.sessionTtlHours * 3_600_000);
  const sessionId = newId("ses");
  if (replacesSessionId) {
    await tx.session.updateMany({ where: { id: replacesSessionId, revokedAt: null }, data: { revokedAt: now } });
  }
  await tx.session.create({
    data: { id: sessionId, userId, expiresAt, lastSeenAt: now, ip: origin.ip, userAgent: origin.userAgent?.slice(0, 512) ?? null },
  });
  return { sessionId, expiresAt };
}
