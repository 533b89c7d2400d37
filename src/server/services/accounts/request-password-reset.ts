import { newId } from "@/server/domain/ids";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AccountDeps } from "./account-deps";
import { consoleBaseUrl } from "./console-base-url";
import { passwordResetMail } from "./account-emails";
import { deliverInBackground, requireMailer } from "./deliver-mail";
import { mailLocale } from "@/server/services/mail/mailer";
import { CODE_MAX_ATTEMPTS, generateCode, generateLinkToken, hashLinkToken, PASSWORD_RESET_TTL_MS, RESEND_COOLDOWN_MS } from "./one-time-secrets";

/**
 * "Forgot password": for an active account, emails a 6-digit code and a link
 * with a single-use token (both hashed at rest, 30 minutes, and any earlier
 * open reset is closed). Every address gets the same answer; at most one
 * email per address per minute.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string, origin: RequestOrigin): Promise<void> {
  const mailer = await requireMailer(deps);
  const now = deps.now();
  const code = generateCode();
  const token = generateLinkToken();
  // Hashed on every path so the answer takes as long for unknown addresses.
  const codeHash = await deps.hasher.hash(code);
  const user = await deps.db.user.findUnique({ where: { email } });
  const eligible = user && user.emailVerifiedAt && !user.disabled ? user : null;
  const sent = eligible
    ? await deps.db.$transaction(async (tx) => {
        const last = await tx.passwordReset.findFirst({ where: { userId: eligible.id }, orderBy: { createdAt: "desc" } });
        if (last && now.getTime() - last.createdAt.getTime() < RESEND_COOLDOWN_MS) return false;
        await tx.passwordReset.updateMany({ where: { userId: eligible.id, consumedAt: null }, data: { consumedAt: now } });
        await tx.passwordReset.create({
          data: {
            id: newId("pwr"),
            userId: eligible.id,
            tokenHash: hashLinkToken(token),
            codeHash,
            maxAttempts: CODE_MAX_ATTEMPTS,
            expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
            ip: origin.ip,
            createdAt: now,
          },
        });
        return true;
      })
    : false;
  await recordAuditEvent(
    deps.db,
    { actorUserId: eligible?.id ?? null, action: "account.password_reset_requested", targetType: "user", targetId: eligible?.id, result: sent ? "success" : "failure", metadata: { email, email_sent: sent } },
    origin,
  );
  if (sent && eligible) {
    const link = `${await consoleBaseUrl(deps)}/reset-password?token=${encodeURIComponent(token)}`;
    deliverInBackground(deps, mailer, passwordResetMail(mailLocale(eligible.locale), eligible.email, eligible.name, code, link, PASSWORD_RESET_TTL_MS / 60_000), "password_reset");
  }
}
