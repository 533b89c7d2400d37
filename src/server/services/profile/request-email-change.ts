import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import type { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import type { AccountDeps } from "@/server/services/accounts/account-deps";
import { deliverInBackground, requireMailer } from "@/server/services/accounts/deliver-mail";
import { mailLocale } from "@/server/services/mail/mailer";
import { CODE_MAX_ATTEMPTS, generateCode, REGISTRATION_CODE_TTL_MS, RESEND_COOLDOWN_MS } from "@/server/services/accounts/one-time-secrets";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { requireCurrentPassword } from "@/server/services/auth/require-current-password";
import type { RequestOrigin } from "@/server/services/service-deps";
import { emailChangeCodeMail } from "./email-change-mails";

export interface EmailChangeAccepted {
  email: string;
  codeExpiresInSeconds: number;
  resendAfterSeconds: number;
}

/**
 * First step of an address change: after re-authentication, a 6-digit code
 * (the registration code machinery: argon2id hash, 15 minutes, 5 attempts) is
 * emailed to the NEW address and bound to this account. Nothing changes until
 * the code comes back. An address that belongs to another account gets the
 * same answer and no email, so this cannot be used to find out who has an
 * account; the change then simply cannot be confirmed.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  viewer: Viewer,
  input: { newEmail: string; currentPassword: string | undefined; reauthLimiter?: TokenBucketLimiter },
  origin: RequestOrigin,
): Promise<EmailChangeAccepted> {
  const mailer = await requireMailer(deps);
  await requireCurrentPassword(deps, viewer, input.currentPassword, { action: "profile.email_change", origin, limiter: input.reauthLimiter });
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: viewer.id } });
  if (input.newEmail === user.email) throw new AppError("BAD_REQUEST", "This is already your email address. Enter a different one.");
  const accepted = { email: input.newEmail, codeExpiresInSeconds: REGISTRATION_CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_COOLDOWN_MS / 1000 };
  const now = deps.now();

  const last = await deps.db.emailVerificationCode.findFirst({ where: { userId: viewer.id, purpose: "change_email" }, orderBy: { createdAt: "desc" } });
  const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Infinity;
  if (sinceLast < RESEND_COOLDOWN_MS) {
    const seconds = Math.ceil((RESEND_COOLDOWN_MS - sinceLast) / 1000);
    throw new AppError("TOO_MANY_REQUESTS", `A code was sent less than a minute ago. Wait ${seconds} s before asking for another one.`, { retryAfterSeconds: seconds });
  }

  const taken = await deps.db.user.findUnique({ where: { email: input.newEmail }, select: { id: true } });
  const code = generateCode();
  await deps.db.$transaction(async (tx) => {
    // Only the newest code of this account works.
    await tx.emailVerificationCode.updateMany({ where: { userId: viewer.id, purpose: "change_email", consumedAt: null }, data: { consumedAt: now } });
    await tx.emailVerificationCode.create({
      data: {
        id: newId("evc"),
        email: input.newEmail,
        purpose: "change_email",
        userId: viewer.id,
        codeHash: await deps.hasher.hash(code),
        expiresAt: new Date(now.getTime() + REGISTRATION_CODE_TTL_MS),
        maxAttempts: CODE_MAX_ATTEMPTS,
        // A taken address gets a row that can never be confirmed, so cooldown and answer stay the same.
        ...(taken ? { consumedAt: now } : {}),
        ip: origin.ip,
        createdAt: now,
      },
    });
    await recordAuditEvent(
      tx,
      {
        actorUserId: viewer.id,
        action: "profile.email_change_requested",
        targetType: "user",
        targetId: viewer.id,
        result: taken ? "failure" : "success",
        metadata: { new_email: input.newEmail, ...(taken ? { reason: "email_in_use" } : {}) },
      },
      origin,
    );
  });
  if (!taken) {
    deliverInBackground(deps, mailer, emailChangeCodeMail(mailLocale(user.locale), input.newEmail, user.name, code, REGISTRATION_CODE_TTL_MS / 60_000), "email_change_code");
  }
  return accepted;
}
