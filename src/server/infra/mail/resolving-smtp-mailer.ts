import type { SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import type { Mailer, OutgoingMail } from "@/server/services/mail/mailer";
import { SmtpMailer } from "./smtp-mailer";

/** Thrown when neither KUBEBYON_SMTP_HOST nor the admin's SMTP settings name a server. */
export class SmtpNotConfiguredError extends Error {
  constructor() {
    super("Email delivery is not configured: set KUBEBYON_SMTP_HOST and KUBEBYON_SMTP_FROM, or an SMTP server under Admin → System settings.");
    this.name = "SmtpNotConfiguredError";
  }
}

/**
 * A Mailer that asks for the SMTP server in effect on every send (env or
 * system settings; the resolver caches) and keeps one pooled transport for it,
 * replaced when the configuration changes. One per process, shared by account
 * mail and notifications, so there is a single connection pool.
 */
export class ResolvingSmtpMailer implements Mailer {
  private current: { key: string; mailer: SmtpMailer } | undefined;

  constructor(private readonly resolve: () => Promise<SmtpTransportConfig | undefined>) {}

  /** Whether a server is set up right now (account flows refuse early when not). */
  async configured(): Promise<boolean> {
    return (await this.resolve()) !== undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const config = await this.resolve();
    if (!config) throw new SmtpNotConfiguredError();
    await this.mailerFor(config).send(mail);
  }

  private mailerFor(config: SmtpTransportConfig): SmtpMailer {
    const key = JSON.stringify(config);
    if (this.current?.key !== key) {
      // The old pool may still be finishing a send; closing lets it drain.
      this.current?.mailer.close();
      this.current = { key, mailer: new SmtpMailer(config) };
    }
    return this.current.mailer;
  }

  close(): void {
    this.current?.mailer.close();
    this.current = undefined;
  }
}
