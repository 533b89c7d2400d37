import { effectiveSmtp, type SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import type { ServiceDeps } from "@/server/services/service-deps";
import { readSmtpSettings } from "./read-system-settings";
import type { SettingsCacheDeps } from "./settings-cache";

/** The SMTP server in effect: KUBEBYON_SMTP_* when KUBEBYON_SMTP_HOST is set, else system settings' when host and sender are set. */
export async function effectiveSmtpConfig(deps: Pick<ServiceDeps, "db" | "now"> & SettingsCacheDeps, env: SmtpTransportConfig | undefined): Promise<SmtpTransportConfig | undefined> {
  if (env) return env;
  const stored = await deps.settingsCache.smtp.get(deps.now(), () => readSmtpSettings(deps));
  return effectiveSmtp(undefined, stored).config;
}
