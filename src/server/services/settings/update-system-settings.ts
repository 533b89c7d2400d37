import type { Viewer } from "@/server/domain/auth/viewer";
import { applySettingsPatch, type SystemSettings, type SystemSettingsPatch } from "@/server/domain/settings/system-settings";
import { lockUntilCommit, type Prisma } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { enqueueNodePortRerender } from "./rerender-nodeport-clusters";
import { assertBaseDomainFitsCnameTargets } from "@/server/domain/managed-ingress/cname-target";
import { reassignCnameTargets } from "./reassign-cname-targets";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { dnsToJson, oauthToJson, readSystemSettings, smtpToJson, SYSTEM_SETTING_KEYS } from "./read-system-settings";
import { getSystemSettings, type DeploymentSettingsDeps } from "./get-system-settings";
import { providerChangeRefusal, type PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { AppError } from "@/server/domain/errors";
import type { SystemSettingsView } from "./system-settings-view";
import type { EnvOAuthClients } from "./effective-oauth-clients";
import type { SettingsCacheDeps } from "./settings-cache";
import type { SettingsSavedHookDeps } from "./settings-saved-hook";
import type { SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";

type Key = (typeof SYSTEM_SETTING_KEYS)[keyof typeof SYSTEM_SETTING_KEYS];

/** The stored settings' patch, and the deployment-level values a client may echo back but not change. */
export type SystemSettingsUpdate = SystemSettingsPatch & { publicAccessProvider?: PublicAccessProvider };

function storedValues(s: SystemSettings): Record<Key, Prisma.InputJsonValue | null> {
  const values: Record<Key, Prisma.InputJsonValue | null> = {
    [SYSTEM_SETTING_KEYS.joinBaseUrl]: s.joinBaseUrl,
    [SYSTEM_SETTING_KEYS.publicBaseUrl]: s.publicBaseUrl,
    [SYSTEM_SETTING_KEYS.defaultClusterPublicAccessMode]: s.defaultClusterPublicAccessMode,
    [SYSTEM_SETTING_KEYS.managedWorkloadIngressBaseDomain]: s.managedWorkloadIngressBaseDomain,
    [SYSTEM_SETTING_KEYS.managedWorkloadIngressDns]: dnsToJson(s.managedWorkloadIngressDns),
    [SYSTEM_SETTING_KEYS.oauthClients]: oauthToJson(s.oauth),
    [SYSTEM_SETTING_KEYS.smtp]: smtpToJson(s.smtp),
    [SYSTEM_SETTING_KEYS.nodePortHostAddress]: s.nodePortHostAddress,
  };
  return values;
}

/** What the audit event may show of a change: values without secrets, only whether each secret is set. */
function auditedValue(key: Key, value: Prisma.InputJsonValue | null): Prisma.InputJsonValue | null {
  if (key === SYSTEM_SETTING_KEYS.oauthClients && value && typeof value === "object") {
    const apps = value as NonNullable<ReturnType<typeof oauthToJson>>;
    return Object.fromEntries(Object.entries(apps).map(([p, c]) => [p, { client_id: c.client_id, client_secret: c.client_secret ? "[set]" : null }]));
  }
  if (key === SYSTEM_SETTING_KEYS.smtp && value && typeof value === "object") {
    const smtp = value as NonNullable<ReturnType<typeof smtpToJson>>;
    return { ...smtp, password: smtp.password ? "[set]" : null };
  }
  if (key !== SYSTEM_SETTING_KEYS.managedWorkloadIngressDns || !value || typeof value !== "object") return value;
  const dns = value as ReturnType<typeof dnsToJson>;
  return { ...dns, cloudflare: { zone_id: dns.cloudflare.zone_id, api_token: dns.cloudflare.api_token ? "[set]" : null } };
}

/**
 * Validates the patch against the current settings as a whole, writes only the
 * keys that changed (one row per key, `updated_by` = the admin) and records one
 * audit event listing them; the API token's value never reaches the log or audit.
 * After commit, `afterSettingsSaved` runs (a DNS automation pass, wired by the composition root).
 * public_access_provider is the deployment's (env, like KUBEBYON_SMTP_HOST winning over stored SMTP,
 * but with nothing stored at all): the same value is accepted, another one refused with where to change it.
 */
export async function updateSystemSettings(
  deps: ServiceDeps & SettingsCacheDeps & JobQueueDeps & SettingsSavedHookDeps & DeploymentSettingsDeps,
  actor: Viewer,
  update: SystemSettingsUpdate,
  origin: RequestOrigin,
  envOAuth: EnvOAuthClients,
  envSmtp?: SmtpTransportConfig,
): Promise<SystemSettingsView> {
  const { publicAccessProvider, ...patch } = update;
  const refusal = providerChangeRefusal(publicAccessProvider, deps.publicAccessProvider);
  if (refusal) throw new AppError("BAD_REQUEST", refusal);
  const rerenderJobs = await deps.db.$transaction(async (tx) => {
    // Serialises concurrent saves so validation sees the settings it will overwrite.
    await lockUntilCommit(tx, "systemSettings");
    const current = await readSystemSettings({ db: tx });
    const before = storedValues(current);
    const next = applySettingsPatch(current, patch);
    const after = storedValues(next);
    const changed = (Object.keys(after) as Key[]).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    for (const key of changed) {
      const value = after[key];
      // A cleared setting has no row: absent means "not set" (or the default) for every reader.
      if (value === null) await tx.systemSetting.deleteMany({ where: { key } });
      else await tx.systemSetting.upsert({ where: { key }, create: { key, value, updatedById: actor.id }, update: { value, updatedById: actor.id } });
    }
    if (changed.includes(SYSTEM_SETTING_KEYS.managedWorkloadIngressBaseDomain)) {
      // Every cluster's CNAME target (and its bindings' record target and scope) follows the base domain.
      assertBaseDomainFitsCnameTargets(next.managedWorkloadIngressBaseDomain);
      const reassigned = await reassignCnameTargets(tx, next.managedWorkloadIngressBaseDomain);
      deps.log.info("cluster CNAME targets reassigned", { base_domain: next.managedWorkloadIngressBaseDomain, clusters: reassigned.clusters, bindings: reassigned.bindings });
    }
    if (changed.length > 0) {
      const details = Object.fromEntries(changed.map((k) => [k, auditedValue(k, after[k])]));
      await recordAuditEvent(tx, { actorUserId: actor.id, action: "settings.update", targetType: "system_settings", metadata: { changed, values: details } }, origin);
    }
    // The address is in those clusters' certificates and kubeconfigs: re-render them.
    return changed.includes(SYSTEM_SETTING_KEYS.nodePortHostAddress) ? enqueueNodePortRerender(tx, deps, actor.id) : [];
  });
  for (const jobId of rerenderJobs) await publishJobWakeup(deps.wakeups, jobId, deps.log);
  // This process sees new OAuth apps and SMTP at once; other web processes within the cache's 30 s.
  deps.settingsCache.forget();
  deps.afterSettingsSaved();
  deps.log.info("system settings saved", { actor_id: actor.id });
  return getSystemSettings(deps, envOAuth, envSmtp);
}
