import { AppError } from "@/server/domain/errors";
import type { AccountDeps } from "./account-deps";
import { mailerReady, type Mailer, type OutgoingMail } from "@/server/services/mail/mailer";

/** Flows that exist only to email a code cannot work without SMTP; say so instead of pretending. */
export async function requireMailer(deps: AccountDeps): Promise<Mailer> {
  if (!deps.mailer || !(await mailerReady(deps.mailer))) {
    throw new AppError(
      "PRECONDITION_FAILED",
      "Email delivery is not configured on this platform. Ask the operator to set KUBEBYON_SMTP_HOST and KUBEBYON_SMTP_FROM, or an SMTP server under Admin → System settings.",
    );
  }
  return deps.mailer;
}

/**
 * Sends after the response: every branch of register / reset answers in the
 * same time whether or not an email goes out (no account enumeration by
 * timing), and a slow SMTP server does not hold the request. Failures are
 * logged without the message body (it holds the code).
 */
export function deliverInBackground(deps: AccountDeps, mailer: Mailer, mail: OutgoingMail, purpose: string): void {
  mailer.send(mail).then(
    () => deps.log.info("account email sent", { purpose }),
    (err: unknown) => deps.log.error("account email could not be sent", { purpose, err: err instanceof Error ? err.message : String(err) }),
  );
}
