import { newId } from "@/server/domain/ids";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { isUniqueViolation } from "@/server/infra/db/client";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AccountDeps } from "./account-deps";
import { consoleBaseUrl } from "./console-base-url";
import { existingAccountMail, registrationCodeMail } from "./account-emails";
import { deliverInBackground, requireMailer } from "./deliver-mail";
import { issueRegistrationCode } from "./issue-registration-code";
import { mailLocale } from "@/server/services/mail/mailer";
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
  let registered: PendingRegistration;
  try {
    registered = await createOrRefreshPending(deps, { ...input, locale, passwordHash, existingUserId: existing?.id ?? null }, origin);
  } catch (error) {
    // Two sign-ups for the same new address at once: the other one created the account and mailed its
    // code. This caller gets the same answer as always (no 500, nothing to enumerate).
    if (!existing && isUniqueViolation(error)) return accepted;
    throw error;
  }
  const { userId, issued } = registered;
  if (issued.issued) {
    deliverInBackground(deps, mailer, registrationCodeMail(locale, input.email, input.displayName, issued.code, REGISTRATION_CODE_TTL_MS / 60_000), "registration_code");
  }
  deps.log.info("account registered, pending email verification", { user_id: userId, code_sent: issued.issued });
  return accepted;
}

interface PendingRegistration {
  userId: string;
  issued: Awaited<ReturnType<typeof issueRegistrationCode>>;
}

/** Creates the pending account (or refreshes a still-pending one) and issues its code, in one transaction. */
function createOrRefreshPending(
  deps: AccountDeps,
  input: RegisterInput & { locale: ReturnType<typeof mailLocale>; passwordHash: string; existingUserId: string | null },
  origin: RequestOrigin,
): Promise<PendingRegistration> {
  return deps.db.$transaction(async (tx) => {
    const userId = input.existingUserId ?? newId("usr");
    const profile = { name: input.displayName, passwordHash: input.passwordHash, locale: input.locale };
    if (input.existingUserId) await tx.user.update({ where: { id: userId }, data: profile });
    else await tx.user.create({ data: { id: userId, email: input.email, role: "user", ...profile } });
    const issued = await issueRegistrationCode(deps, tx, input.email, origin);
    await recordAuditEvent(
      tx,
      { actorUserId: userId, action: "account.registered", targetType: "user", targetId: userId, metadata: { code_sent: issued.issued, again: input.existingUserId !== null } },
      origin,
    );
    return { userId, issued };
  });
}
