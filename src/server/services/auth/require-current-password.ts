import { AppError } from "@/server/domain/errors";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AuthDeps } from "@/server/services/auth/auth-deps";

/** Accounts without a password (OAuth only) re-authenticate by signing in again; a login this recent counts. */
export const RECENT_LOGIN_WINDOW_MINUTES = 10;

/**
 * Re-authentication before sensitive changes (new API key, password or email
 * change): a stolen session cookie or API key alone must not be enough to mint
 * lasting credentials. Throws FORBIDDEN (403) with what to do; a wrong password
 * is recorded in the activity stream as `auth.reauth_failed`.
 *
 * With `limiter` (the auth rate limit), attempts are counted per user, so a
 * stolen session cannot be used to guess the password at argon2 speed.
 */
export async function requireCurrentPassword(
  deps: AuthDeps,
  viewer: Viewer,
  currentPassword: string | undefined,
  ctx: { action: string; origin: RequestOrigin; limiter?: TokenBucketLimiter },
): Promise<void> {
  const { action, origin } = ctx;
  const user = await deps.db.user.findUnique({ where: { id: viewer.id }, select: { passwordHash: true } });
  if (!user?.passwordHash) return requireRecentLogin(deps, viewer);
  if (!currentPassword) {
    throw new AppError("FORBIDDEN", "Confirm this change with your current password (field current_password).");
  }
  const decision = ctx.limiter?.take(`reauth:${viewer.id}`);
  if (decision && !decision.allowed) {
    throw new AppError("TOO_MANY_REQUESTS", `Too many password confirmations. Try again in ${decision.retryAfterSeconds} s.`, {
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  }
  if (!(await deps.hasher.verify(user.passwordHash, currentPassword))) {
    await recordAuditEvent(deps.db, { actorUserId: viewer.id, action: "auth.reauth_failed", targetType: "user", targetId: viewer.id, result: "failure", metadata: { for: action } }, origin);
    throw new AppError("FORBIDDEN", "The current password is incorrect. Enter the password you sign in with.");
  }
}

async function requireRecentLogin(deps: AuthDeps, viewer: Viewer): Promise<void> {
  const sessionId = viewer.auth.method === "session" ? viewer.auth.sessionId : undefined;
  const session = sessionId ? await deps.db.session.findUnique({ where: { id: sessionId }, select: { createdAt: true } }) : null;
  const windowMs = RECENT_LOGIN_WINDOW_MINUTES * 60_000;
  if (!session || deps.now().getTime() - session.createdAt.getTime() > windowMs) {
    throw new AppError(
      "FORBIDDEN",
      `Your account has no password, so confirm this change by signing in again: sign out, sign in, and retry within ${RECENT_LOGIN_WINDOW_MINUTES} minutes.`,
    );
  }
}
