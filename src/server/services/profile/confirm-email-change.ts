import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import type { AccountDeps } from "@/server/services/accounts/account-deps";
import { assertCodeUsable, wrongCodeError } from "@/server/services/accounts/check-code-attempt";
import { deliverInBackground } from "@/server/services/accounts/deliver-mail";
import { mailLocale } from "@/server/services/mail/mailer";
import { normalizeCode } from "@/server/services/accounts/one-time-secrets";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { isUniqueViolation } from "@/server/infra/db/client";
import type { RequestOrigin } from "@/server/services/service-deps";
import { emailChangedNoticeMail } from "./email-change-mails";
import { toProfileView, type ProfileView } from "./profile-view";

const AGAIN = "Request a new code from your profile.";

/**
 * Second step: the code emailed to the new address, entered by the account
 * that asked for it, switches the sign-in address (verified now). The old
 * address gets a notice. Wrong codes use the code's attempts, counted in SQL
 * before the check so parallel guesses cannot exceed the limit.
 */
export async function confirmEmailChange(
  deps: AccountDeps,
  viewer: Viewer,
  input: { newEmail: string; code: string },
  origin: RequestOrigin,
): Promise<ProfileView> {
  const now = deps.now();
  const code = await deps.db.emailVerificationCode.findFirst({
    where: { userId: viewer.id, purpose: "change_email", email: input.newEmail },
    orderBy: { createdAt: "desc" },
  });
  const fail = async (error: AppError) => {
    await recordAuditEvent(deps.db, { actorUserId: viewer.id, action: "profile.email_change_failed", targetType: "user", targetId: viewer.id, metadata: { new_email: input.newEmail, reason: error.message } }, origin);
    return error;
  };
  try {
    assertCodeUsable(code, now, AGAIN);
  } catch (error) {
    throw error instanceof AppError ? await fail(error) : error;
  }
  const reserved = await deps.db.emailVerificationCode.updateMany({
    where: { id: code.id, consumedAt: null, attempts: { lt: code.maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  if (reserved.count === 0) throw await fail(new AppError("BAD_REQUEST", `Too many wrong codes were entered. ${AGAIN}`));
  if (!(await deps.hasher.verify(code.codeHash, normalizeCode(input.code)))) throw await fail(wrongCodeError(code.attempts + 1, code.maxAttempts, AGAIN));

  const before = await deps.db.user.findUniqueOrThrow({ where: { id: viewer.id } });
  const after = await deps.db
    .$transaction(async (tx) => {
      const { count } = await tx.emailVerificationCode.updateMany({ where: { id: code.id, consumedAt: null }, data: { consumedAt: now } });
      if (count === 0) throw new AppError("BAD_REQUEST", `This code was already used. ${AGAIN}`);
      const user = await tx.user.update({ where: { id: viewer.id }, data: { email: input.newEmail, emailVerifiedAt: now } });
      await recordAuditEvent(tx, { actorUserId: viewer.id, action: "profile.email_change", targetType: "user", targetId: viewer.id, metadata: { old_email: before.email, new_email: input.newEmail } }, origin);
      return user;
    })
    .catch(async (error: unknown) => {
      // Someone registered the address between request and confirmation.
      if (isUniqueViolation(error)) throw await fail(new AppError("CONFLICT", "This email address is already used by another account. Choose a different one."));
      throw error;
    });
  if (deps.mailer) deliverInBackground(deps, deps.mailer, emailChangedNoticeMail(mailLocale(before.locale), before.email, before.name, input.newEmail), "email_changed_notice");
  deps.log.info("email address changed", { user_id: viewer.id });
  return toProfileView(after);
}
