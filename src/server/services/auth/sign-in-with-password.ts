import { AppError } from "@/server/domain/errors";
import type { SignInInput } from "@/server/domain/auth/credentials";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AuthDeps } from "@/server/services/auth/auth-deps";
import { openSession } from "./open-session";
import { verifyPasswordOrDummy } from "./verify-password-or-dummy";

export interface SignInResult {
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

export interface SignInOptions {
  /**
   * The session the browser carried before this login (from its cookie).
   * Login always opens a new session id and revokes this one, so a session
   * planted before login (fixation) or left from another account never survives.
   */
  replacesSessionId?: string | null;
}

// One message for unknown email, wrong password and password-less (OAuth-only)
// accounts, so the answer never tells which emails have accounts.
const invalidCredentials = () => new AppError("UNAUTHORIZED", "Email or password is incorrect.");

/** Checks the password and opens a database session (the revocable half of the login). */
export async function signInWithPassword(deps: AuthDeps, input: SignInInput, origin: RequestOrigin, opts: SignInOptions = {}): Promise<SignInResult> {
  const user = await deps.db.user.findUnique({ where: { email: input.email } });
  const ok = await verifyPasswordOrDummy(deps, user?.passwordHash, input.password);
  if (!user || !user.passwordHash || !ok) {
    await recordAuditEvent(deps.db, { actorUserId: user?.id ?? null, action: "auth.login_failed", result: "failure", metadata: { email: input.email } }, origin);
    throw invalidCredentials();
  }
  if (user.disabled) {
    await recordAuditEvent(deps.db, { actorUserId: user.id, action: "auth.login_failed", result: "failure", metadata: { email: input.email, reason: "disabled" } }, origin);
    throw new AppError("FORBIDDEN", "This account is disabled. Contact your administrator.");
  }
  // Self-registered accounts stay pending until the emailed code is entered (services/accounts).
  if (!user.emailVerifiedAt) {
    await recordAuditEvent(deps.db, { actorUserId: user.id, action: "auth.login_failed", result: "failure", metadata: { email: input.email, reason: "email_not_verified" } }, origin);
    throw new AppError("PRECONDITION_FAILED", "Confirm your email address first: enter the code we emailed you on the registration page, or register again to get a new code.");
  }
  // The password is known right now: the only moment an outdated hash can be replaced.
  const rehashed = deps.hasher.needsRehash(user.passwordHash) ? await deps.hasher.hash(input.password) : undefined;
  const now = deps.now();
  const { sessionId, expiresAt } = await deps.db.$transaction(async (tx) => {
    const opened = await openSession(tx, deps, user.id, origin, now, opts.replacesSessionId);
    await tx.user.update({ where: { id: user.id }, data: { lastLoginAt: now, ...(rehashed ? { passwordHash: rehashed } : {}) } });
    await recordAuditEvent(
      tx,
      { actorUserId: user.id, action: "auth.login", targetType: "session", targetId: opened.sessionId, metadata: rehashed ? { password_rehashed: true } : undefined },
      origin,
    );
    return opened;
  });
  deps.log.info("user signed in", { user_id: user.id, session_id: sessionId, password_rehashed: Boolean(rehashed) });
  return { sessionId, userId: user.id, expiresAt };
}
