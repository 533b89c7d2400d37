import { effectiveSmtp, type SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import type { ServiceDeps } from "@/server/services/service-deps";
import { readSmtpSettings } from "./read-system-settings";

/**
 * The mailer asks for the SMTP server on every send, so the stored one is read
 * at most every 30 s per process; a save in this process clears the cache at
 * once (forgetCachedSmtp). On globalThis for the same reason as the OAuth cache:
 * Next.js gives route handlers and pages their own copy of this module.
 */
const CACHE_MS = 30_000;
type Cache = { at: number; stored: Awaited<ReturnType<typeof readSmtpSettings>> };
const KEY = Symbol.for("kubebyon.smtp-settings-cache");
const holder = globalThis as { [KEY]?: Cache };

export function forgetCachedSmtp(): void {
  holder[KEY] = undefined;
}

/** The SMTP server in effect: KUBEBYON_SMTP_* when KUBEBYON_SMTP_HOST is set, else system settings' when host and sender are set. */
export async function effectiveSmtpConfig(deps: Pick<ServiceDeps, "db" | "now">, env: SmtpTransportConfig | undefined): Promise<SmtpTransportConfig | undefined> {
  if (env) return env;
  const now = deps.now().getTime();
  let cache = holder[KEY];
  if (!cache || now - cache.at > CACHE_MS || now < cache.at) cache = holder[KEY] = { at: now, stored: await readSmtpSettings(deps) };
  return effectiveSmtp(undefined, cache.stored).config;
}
