import type { ServiceDeps } from "@/server/services/service-deps";
import type { Mailer } from "./mailer";

/** What the account use cases need beyond the shared service deps. */
export interface AccountDeps extends ServiceDeps {
  /** Undefined when KUBEBYON_SMTP_HOST is not set: flows that must email a code refuse with a clear message. */
  mailer: Mailer | undefined;
  /** Base of links put into emails (the console's public URL). */
  publicUrl: string;
}
