import nodemailer, { type Transporter } from "nodemailer";
import type { SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import type { Mailer, OutgoingMail } from "@/server/services/mail/mailer";

/**
 * The Mailer port over SMTP (nodemailer), configured from KUBEBYON_SMTP_* or system settings (ResolvingSmtpMailer picks).
 * One pooled transport per process; STARTTLS is used when the server offers
 * it, implicit TLS when KUBEBYON_SMTP_SECURE=true (port 465).
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly config: SmtpTransportConfig) {
    this.transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.password ?? "" } : undefined,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  close(): void {
    this.transport.close();
  }
}
