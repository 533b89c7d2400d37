import { newId } from "@/server/domain/ids";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AccountDeps } from "./account-deps";
import { consoleBaseUrl } from "./console-base-url";
import { existingAccountMail, registrationCodeMail } from "./account-emails";
import { deliverInBackground, requireMailer } from "./deliver-mail";
import { issueRegistrationCode } from "./issue-registration-code";
import { mailLocale } from "./mailer";
import { REGISTRATION_CODE_TTL_MS, RESEND_COOLDOWN_MS } from "./one-time-secrets";

export interface RegisterInput {
  email: string;
  password: string;
  displayName: string;
  locale: string | undefined;
}

/** The one answer register gives, whether or not the email already had an account. */
export interface RegistrationAccepted {
  email: string;
  codeExpiresInSeconds: number;
  resendAfterSeconds: number;
}

/**
 * Self-service sign-up. A new address gets a pending account (no login until
 * the emailed code is entered) and a 6-digit code. An address that already
 * has an active account gets a notice email instead, and the caller sees the
 * very same answer, so register cannot be used to find out who has an account.
 * Re-registering a still-pending address replaces its name and password: only
 * whoever reads the inbox can activate it, and verify asks for the password.
 */
export async function registerAccount(deps: AccountDeps, input: RegisterInput, origin: RequestOrigin): Promise<RegistrationAccepted> {
  const mailer = await requireMailer(deps);
  const accepted: RegistrationAccepted = {
    email: input.email,
    codeExpiresInSeconds: REGISTRATION_CODE_TTL_MS / 1000,
    resendAfterSeconds: RESEND_COOLDOWN_MS / 1000,
  };
  // Hashed on every path so both answers cost the same.
  const passwordHash = await deps.hasher.hash(input.password);
  const existing = await deps.db.user.findUnique({ where: { email: input.email } });

  if (existing && (existing.emailVerifiedAt || existing.disabled)) {
    await recordAuditEvent(
      deps.db,
      { actorUserId: null, action: "account.register_existing_email", targetType: "user", targetId: existing.id, result: "failure" },
      origin,
    );
    deliverInBackground(deps, mailer, existingAccountMail(mailLocale(existing.locale ?? input.locale), existing.email, existing.name, await consoleBaseUrl(deps)), "register_existing_email");
    return accepted;
  }

  const locale = mailLocale(input.locale);
  const { userId, issued } = await deps.db.$transaction(async (tx) => {
    const userId = existing?.id ?? newId("usr");
    if (existing) {
      await tx.user.update({ where: { id: userId }, data: { name: input.displayName, passwordHash, locale } });
    } else {
      await tx.user.create({ data: { id: userId, email: input.email, name: input.displayName, passwordHash, locale, role: "user" } });
    }
    const issued = await issueRegistrationCode(deps, tx, input.email, origin);
    await recordAuditEvent(
      tx,
      { actorUserId: userId, action: "account.registered", targetType: "user", targetId: userId, metadata: { code_sent: issued.issued, again: Boolean(existing) } },
      origin,
    );
    return { userId, issued };
  });
  if (issued.issued) {
    deliverInBackground(deps, mailer, registrationCodeMail(locale, input.email, input.displayName, issued.code, REGISTRATION_CODE_TTL_MS / 60_000), "registration_code");
  }
  deps.log.info("account registered, pending email verification", { user_id: userId, code_sent: issued.issued });
  return accepted;
}
