import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import { waitFor } from "./wait-for";

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  port: number;
  /** Everything received so far, oldest first. */
  messages: CapturedMail[];
  /** Environment that points the app's SMTP adapter at this server. */
  env: Record<string, string>;
  /** Waits for a message to `to` (optionally matching), received after `since` messages. */
  waitForMail(to: string, opts?: { since?: number; match?: (m: CapturedMail) => boolean; timeoutMs?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** The first 6-digit group in a message body (our code emails hold exactly one). */
export function codeFromMail(mail: CapturedMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return m[1]!;
}

/** A link in the message body that starts with `prefix`. */
export function linkFromMail(mail: CapturedMail, prefix: string): string {
  const m = new RegExp(`(${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S+)`).exec(mail.text);
  if (!m) throw new Error(`no link ${prefix}… in mail "${mail.subject}"`);
  return m[1]!;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that accepts
 * every message and parses it with `mailparser`, so tests read what a mail
 * client would. Plain SMTP without STARTTLS or auth, as a local relay would be.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
          messages.push({ to, from: parsed.from?.text ?? "", subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "" });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    env: { KUBEBYON_SMTP_HOST: "127.0.0.1", KUBEBYON_SMTP_PORT: String(port), KUBEBYON_SMTP_SECURE: "false", KUBEBYON_SMTP_FROM: "KubeBYON <noreply@kubebyon.test>" },
    waitForMail: async (to, opts = {}) => {
      const want = to.toLowerCase();
      const found = await waitFor(
        `an email to ${to}`,
        async () => messages.slice(opts.since ?? 0).find((m) => m.to.includes(want) && (opts.match?.(m) ?? true)),
        (m) => m !== undefined,
        opts.timeoutMs ?? 15_000,
      );
      return found!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
