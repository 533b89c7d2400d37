import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { EnvOAuthClients } from "./effective-oauth-clients";
import { readSystemSettings, SYSTEM_SETTING_KEYS } from "./read-system-settings";
import { toSystemSettingsView, type SystemSettingsView } from "./system-settings-view";

/** The deployment's settings the page shows read-only beside the stored ones. */
export interface DeploymentSettingsDeps {
  /** KUBEBYON_PUBLIC_ACCESS_PROVIDER: env only, never a stored setting. */
  publicAccessProvider: PublicAccessProvider;
}

/** The admin's settings page: values, masked secrets, the deployment's read-only values, and who saved last. */
export async function getSystemSettings(deps: Pick<ServiceDeps, "db"> & DeploymentSettingsDeps, envOAuth: EnvOAuthClients, envSmtp?: SmtpTransportConfig): Promise<SystemSettingsView> {
  const [settings, last] = await Promise.all([
    readSystemSettings(deps),
    deps.db.systemSetting.findFirst({
      where: { key: { in: Object.values(SYSTEM_SETTING_KEYS) } },
      orderBy: { updatedAt: "desc" },
      include: { updatedBy: { select: { id: true, email: true } } },
    }),
  ]);
  return toSystemSettingsView(settings, { updatedAt: last?.updatedAt ?? null, updatedBy: last?.updatedBy ?? null, envOAuth, envSmtp, publicAccessProvider: deps.publicAccessProvider });
}
