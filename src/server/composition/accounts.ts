import type { AccountDeps } from "@/server/services/accounts/account-deps";
import { getSharedMailer } from "./mailer";
import { getRuntime, type Runtime } from "./runtime";

const KEY = Symbol.for("kubebyon.account-deps");
type Holder = { [KEY]?: AccountDeps };

/** Account use-case deps: the runtime's shared deps plus the process's shared mailer and the public URL for links. */
export function buildAccountDeps(runtime: Runtime): AccountDeps {
  const { config } = runtime;
  return {
    ...runtime.deps,
    mailer: getSharedMailer(config, runtime.deps.db),
    // Links in emails must point at the console users reach (KUBEBYON_PUBLIC_URL).
    publicUrl: (config.publicUrl ?? `http://localhost:${config.httpPort}`).replace(/\/+$/, ""),
  };
}

/** Built once per process, beside the runtime. */
export function getAccountDeps(): AccountDeps {
  const holder = globalThis as Holder;
  holder[KEY] ??= buildAccountDeps(getRuntime());
  return holder[KEY];
}
