import { SmtpMailer } from "@/server/infra/mail/smtp-mailer";
import type { AccountDeps } from "@/server/services/accounts/account-deps";
import { getRuntime, type Runtime } from "./runtime";

const KEY = Symbol.for("kubebyon.account-deps");
type Holder = { [KEY]?: AccountDeps };

/** Account use-case deps: the runtime's shared deps plus the SMTP mailer and the public URL for links. */
export function buildAccountDeps(runtime: Runtime): AccountDeps {
  const { config } = runtime;
  return {
    ...runtime.deps,
    mailer: config.smtp ? new SmtpMailer(config.smtp) : undefined,
    // Links in emails must point at the console users reach (KUBEBYON_PUBLIC_URL).
    publicUrl: (config.publicUrl ?? `http://localhost:${config.httpPort}`).replace(/\/+$/, ""),
  };
}

/** Built once per process, beside the runtime, so the SMTP connection pool is shared. */
export function getAccountDeps(): AccountDeps {
  const holder = globalThis as Holder;
  holder[KEY] ??= buildAccountDeps(getRuntime());
  return holder[KEY];
}
