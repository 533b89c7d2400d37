import { AppError } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { verifyPasswordOrDummy } from "@/server/services/auth/verify-password-or-dummy";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AccountDeps } from "./account-deps";
import { assertCodeUsable, wrongCodeError } from "./check-code-attempt";
import { normalizeCode } from "./one-time-secrets";

export interface VerifyRegistrationInput {
  email: string;
  code: string;
  /** The password given at registration: proves the code is entered by the person who registered last. */
  password: string;
}

const AGAIN = "Request a new code.";

/**
 * Activates a pending account with the emailed code. Each wrong code (or
 * wrong password) uses one of the code's attempts; an active account is left
 * alone and answers like an unknown one. The caller signs in afterwards with
 * the same password, through the normal login.
 */
export async function verifyRegistration(deps: AccountDeps, input: VerifyRegistrationInput, origin: RequestOrigin): Promise<{ userId: string }> {
  const now = deps.now();
  const user = await deps.db.user.findUnique({ where: { email: input.email } });
  const pending = user && !user.emailVerifiedAt && !user.disabled ? user : null;
  // Unknown and already active addresses look exactly like "no usable code".
  const code = pending
    ? await deps.db.emailVerificationCode.findFirst({ where: { email: input.email, purpose: "register", consumedAt: null }, orderBy: { createdAt: "desc" } })
    : null;
  const fail = async (error: AppError) => {
    await recordAuditEvent(deps.db, { actorUserId: pending?.id ?? null, action: "account.email_verification_failed", result: "failure", metadata: { email: input.email, reason: error.message } }, origin);
    return error;
  };
  try {
    assertCodeUsable(code, now, AGAIN);
  } catch (error) {
    throw error instanceof AppError ? await fail(error) : error;
  }
  if (!pending) throw new Error("unreachable: a usable code implies a pending account");
  // Every try takes an attempt before the check, conditionally in SQL, so parallel guesses cannot exceed the limit.
  const reserved = await deps.db.emailVerificationCode.updateMany({
    where: { id: code.id, consumedAt: null, attempts: { lt: code.maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  if (reserved.count === 0) throw await fail(new AppError("BAD_REQUEST", `Too many wrong codes were entered. ${AGAIN}`));
  const codeOk = await deps.hasher.verify(code.codeHash, normalizeCode(input.code));
  const passwordOk = await verifyPasswordOrDummy(deps, pending.passwordHash, input.password);
  if (!codeOk || !passwordOk) {
    throw await fail(
      !codeOk
        ? wrongCodeError(code.attempts + 1, code.maxAttempts, AGAIN)
        : new AppError("BAD_REQUEST", "The password does not match the one you registered with. Enter that password, or register again."),
    );
  }
  const userId = pending.id;
  await deps.db.$transaction(async (tx) => {
    const { count } = await tx.emailVerificationCode.updateMany({ where: { id: code.id, consumedAt: null }, data: { consumedAt: now } });
    if (count === 0) throw new AppError("BAD_REQUEST", `This code was already used. ${AGAIN}`);
    await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: now } });
    await recordAuditEvent(tx, { actorUserId: userId, action: "account.email_verified", targetType: "user", targetId: userId }, origin);
  });
  deps.log.info("account email verified", { user_id: userId });
  return { userId };
}
