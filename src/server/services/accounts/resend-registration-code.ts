import { AppError } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AccountDeps } from "./account-deps";
import { registrationCodeMail } from "./account-emails";
import { deliverInBackground, requireMailer } from "./deliver-mail";
import { issueRegistrationCode } from "./issue-registration-code";
import { mailLocale } from "@/server/services/mail/mailer";
import { REGISTRATION_CODE_TTL_MS, RESEND_COOLDOWN_MS } from "./one-time-secrets";

/**
 * Emails a fresh registration code to a pending account. Unknown and already
 * active addresses get the same answer and no email. Within the cooldown
 * after the last code: 429 with the seconds to wait.
 */
export async function resendRegistrationCode(deps: AccountDeps, email: string, origin: RequestOrigin): Promise<{ resendAfterSeconds: number }> {
  const mailer = await requireMailer(deps);
  const user = await deps.db.user.findUnique({ where: { email } });
  if (!user || user.emailVerifiedAt || user.disabled) return { resendAfterSeconds: RESEND_COOLDOWN_MS / 1000 };
  const issued = await deps.db.$transaction(async (tx) => {
    const issued = await issueRegistrationCode(deps, tx, email, origin);
    if (issued.issued) {
      await recordAuditEvent(tx, { actorUserId: user.id, action: "account.verification_code_resent", targetType: "user", targetId: user.id }, origin);
    }
    return issued;
  });
  if (!issued.issued) {
    const seconds = Math.ceil(issued.retryAfterMs / 1000);
    throw new AppError("TOO_MANY_REQUESTS", `A code was sent less than a minute ago. Wait ${seconds} s before asking for another one.`, { retryAfterSeconds: seconds });
  }
  deliverInBackground(deps, mailer, registrationCodeMail(mailLocale(user.locale), email, user.name, issued.code, REGISTRATION_CODE_TTL_MS / 60_000), "registration_code");
  return { resendAfterSeconds: RESEND_COOLDOWN_MS / 1000 };
}
