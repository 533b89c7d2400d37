import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";

// Writing last_seen_at on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 5 * 60_000;

/**
 * Turns a session id (carried inside the signed session cookie) into the
 * viewer, or null when the session was revoked, expired, or its user is
 * disabled — checked on every request so revocation takes effect at once.
 */
export async function resolveSession(deps: ServiceDeps, sessionId: string): Promise<Viewer | null> {
  const session = await deps.db.session.findUnique({ where: { id: sessionId }, include: { user: true } });
  const now = deps.now();
  if (!session || session.revokedAt || session.expiresAt <= now || session.user.disabled) return null;
  if (!session.lastSeenAt || now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.session.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  const { user } = session;
  return { id: user.id, email: user.email, name: user.name, role: user.role, auth: { method: "session", sessionId: session.id } };
}
