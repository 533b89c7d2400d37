import { isUserLocale, type UserLocale } from "@/server/domain/profile/user-locale";

/**
 * Outgoing email, as the use cases see it. The SMTP adapter lives in
 * src/server/infra/mail; tests point it at a real local SMTP server.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Whether a server is set up right now (the admin can add or remove one at runtime); absent means always. */
  configured?(): Promise<boolean>;
}

/** A mailer that is present and has a server set up. */
export async function mailerReady(mailer: Mailer | undefined): Promise<boolean> {
  return mailer !== undefined && ((await mailer.configured?.()) ?? true);
}

/** Languages emails are written in: the user's locale (users.locale), one of the console's. */
export type MailLocale = UserLocale;
export const DEFAULT_MAIL_LOCALE: MailLocale = "zh-CN";

export function mailLocale(value: string | null | undefined): MailLocale {
  return isUserLocale(value) ? value : DEFAULT_MAIL_LOCALE;
}
