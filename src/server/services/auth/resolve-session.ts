import type { Viewer } from "@/server/domain/auth/viewer";
import type { AuthDeps } from "@/server/services/auth/auth-deps";

// Idle time is measured from last_seen_at; writing it at most once a minute
// keeps reads from turning into writes while the idle clock stays accurate.
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Why a session cookie no longer signs anybody in; each gets its own 401 message. */
export type SessionFailure = "invalid_session" | "expired_session" | "idle_session";

export type SessionResolution = { viewer: Viewer; failure?: undefined } | { viewer: null; failure: SessionFailure };

/**
 * Turns a session id (carried inside the signed session cookie) into the
 * viewer. Checked on every request, so revocation (logout, disable, password
 * reset), the absolute lifetime (expires_at) and the idle timeout take
 * effect on the very next request.
 */
export async function resolveSession(deps: AuthDeps, sessionId: string): Promise<SessionResolution> {
  const session = await deps.db.session.findUnique({ where: { id: sessionId }, include: { user: true } });
  const now = deps.now();
  if (!session || session.revokedAt || session.user.disabled) return { viewer: null, failure: "invalid_session" };
  if (session.expiresAt <= now) return { viewer: null, failure: "expired_session" };
  const lastSeen = session.lastSeenAt ?? session.createdAt;
  const idleMs = now.getTime() - lastSeen.getTime();
  if (idleMs >= deps.sessionIdleMinutes * 60_000) return { viewer: null, failure: "idle_session" };
  if (idleMs >= SESSION_TOUCH_INTERVAL_MS) {
    await deps.db.session.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  const { user } = session;
  return { viewer: { id: user.id, email: user.email, name: user.name, role: user.role, auth: { method: "session", sessionId: session.id } } };
}
