import type { Config } from "@/server/config/env";
import type { Db } from "@/server/infra/db/client";
import { ResolvingSmtpMailer } from "@/server/infra/mail/resolving-smtp-mailer";
import { effectiveSmtpConfig } from "@/server/services/settings/effective-smtp";

const KEY = Symbol.for("kubebyon.shared-mailer");
type Holder = { [KEY]?: { config: Config; db: Db; mailer: ResolvingSmtpMailer } };

/**
 * The one mailer of a process (account emails and notifications share its SMTP
 * pool). It sends through KUBEBYON_SMTP_* when KUBEBYON_SMTP_HOST is set, else
 * through the SMTP server in system settings (re-read at most every 30 s).
 * Kept on globalThis so Next.js' separately bundled routes share it too.
 */
export function getSharedMailer(config: Config, db: Db): ResolvingSmtpMailer {
  const holder = globalThis as Holder;
  const current = holder[KEY];
  if (current && current.config === config && current.db === db) return current.mailer;
  current?.mailer.close();
  const mailer = new ResolvingSmtpMailer(() => effectiveSmtpConfig({ db, now: () => new Date() }, config.smtp));
  holder[KEY] = { config, db, mailer };
  return mailer;
}
