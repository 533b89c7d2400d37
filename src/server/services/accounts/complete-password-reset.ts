import { AppError } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { notifyPasswordChanged } from "@/server/services/notifications/emitters";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AccountDeps } from "./account-deps";
import { assertCodeUsable, wrongCodeError } from "./check-code-attempt";
import { hashLinkToken, normalizeCode } from "./one-time-secrets";

/** Either the token from the emailed link, or the email address and the emailed code. */
export type ResetProof = { token: string } | { email: string; code: string };

const AGAIN = "Request a new password reset.";

async function findReset(deps: AccountDeps, proof: ResetProof) {
  if ("token" in proof) return deps.db.passwordReset.findUnique({ where: { tokenHash: hashLinkToken(proof.token) } });
  const user = await deps.db.user.findUnique({ where: { email: proof.email } });
  if (!user) return null;
  return deps.db.passwordReset.findFirst({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
}

/**
 * Sets a new password (argon2id) with a reset link or code. The reset is
 * consumed in the same transaction that changes the password and revokes
 * every session of the user, so it works exactly once and nobody signed in
 * before (an attacker included) stays signed in.
 */
export async function completePasswordReset(
  deps: AccountDeps,
  proof: ResetProof,
  newPassword: string,
  origin: RequestOrigin,
): Promise<{ userId: string; revokedSessions: number }> {
  const now = deps.now();
  const method = "token" in proof ? "link" : "code";
  const reset = await findReset(deps, proof);
  const fail = async (error: AppError) => {
    await recordAuditEvent(deps.db, { actorUserId: reset?.userId ?? null, action: "account.password_reset_failed", result: "failure", metadata: { method, reason: error.message } }, origin);
    return error;
  };
  try {
    if (method === "link" && reset?.consumedAt) throw new AppError("BAD_REQUEST", `This reset link was already used. ${AGAIN}`);
    assertCodeUsable(reset, now, AGAIN);
  } catch (error) {
    throw error instanceof AppError ? await fail(error) : error;
  }
  if ("code" in proof) {
    // The attempt is taken before the check, conditionally in SQL, so parallel guesses cannot exceed the limit.
    const reserved = await deps.db.passwordReset.updateMany({
      where: { id: reset.id, consumedAt: null, attempts: { lt: reset.maxAttempts } },
      data: { attempts: { increment: 1 } },
    });
    if (reserved.count === 0) throw await fail(new AppError("BAD_REQUEST", `Too many wrong codes were entered. ${AGAIN}`));
    if (!(reset.codeHash && (await deps.hasher.verify(reset.codeHash, normalizeCode(proof.code))))) {
      throw await fail(wrongCodeError(reset.attempts + 1, reset.maxAttempts, AGAIN));
    }
  }
  const passwordHash = await deps.hasher.hash(newPassword);
  const revokedSessions = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.passwordReset.updateMany({ where: { id: reset.id, consumedAt: null }, data: { consumedAt: now } });
    if (count === 0) throw new AppError("BAD_REQUEST", `This reset was already used. ${AGAIN}`);
    await tx.user.update({ where: { id: reset.userId }, data: { passwordHash } });
    // Logout everywhere, inside the same transaction as the password change.
    const revoked = await tx.session.updateMany({ where: { userId: reset.userId, revokedAt: null }, data: { revokedAt: now } });
    await recordAuditEvent(
      tx,
      { actorUserId: reset.userId, action: "account.password_reset_completed", targetType: "user", targetId: reset.userId, metadata: { method, sessions_revoked: revoked.count } },
      origin,
    );
    return revoked.count;
  });
  deps.log.info("password reset completed", { user_id: reset.userId, method, sessions_revoked: revokedSessions });
  await notifyPasswordChanged(deps, reset.userId, `reset_${method}`);
  return { userId: reset.userId, revokedSessions };
}
