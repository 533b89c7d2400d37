import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import type { SignInInput } from "@/server/domain/auth/credentials";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

// Verified when the email is unknown, so both paths cost one argon2 verify and
// response time does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;
const getDummyHash = (deps: ServiceDeps) => (dummyHash ??= deps.hasher.hash("not-a-real-password-" + Math.random()));

export interface SignInResult {
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

const invalidCredentials = () => new AppError("UNAUTHORIZED", "Email or password is incorrect.");

/** Checks the password and opens a database session (the revocable half of the login). */
export async function signInWithPassword(deps: ServiceDeps, input: SignInInput, origin: RequestOrigin): Promise<SignInResult> {
  const user = await deps.db.user.findUnique({ where: { email: input.email } });
  const ok = await deps.hasher.verify(user?.passwordHash ?? (await getDummyHash(deps)), input.password);
  if (!user || !user.passwordHash || !ok) {
    await recordAuditEvent(deps.db, { actorUserId: user?.id ?? null, action: "auth.login_failed", metadata: { email: input.email } }, origin);
    throw invalidCredentials();
  }
  if (user.disabled) {
    throw new AppError("FORBIDDEN", "This account is disabled. Contact your administrator.");
  }
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.sessionTtlHours * 3_600_000);
  const sessionId = newId("ses");
  await deps.db.$transaction(async (tx) => {
    await tx.session.create({
      data: { id: sessionId, userId: user.id, expiresAt, lastSeenAt: now, ip: origin.ip, userAgent: origin.userAgent?.slice(0, 512) ?? null },
    });
    await tx.user.update({ where: { id: user.id }, data: { lastLoginAt: now } });
    await recordAuditEvent(tx, { actorUserId: user.id, action: "auth.login", targetType: "session", targetId: sessionId }, origin);
  });
  deps.log.info("user signed in", { user_id: user.id, session_id: sessionId });
  return { sessionId, userId: user.id, expiresAt };
}
