import type { AuthDeps } from "@/server/services/auth/auth-deps";
import type { Mailer } from "@/server/services/mail/mailer";

/** What the account use cases need beyond the shared service deps. */
export interface AccountDeps extends AuthDeps {
  /** Undefined when KUBEBYON_SMTP_HOST is not set: flows that must email a code refuse with a clear message. */
  mailer: Mailer | undefined;
  /** Base of links put into emails (the console's public URL). */
  publicUrl: string;
}
