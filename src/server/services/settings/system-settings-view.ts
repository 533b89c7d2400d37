import { effectiveOAuthClient, OAUTH_PROVIDER_KEYS, type OAuthClientCredentials, type OAuthProviderKey } from "@/server/domain/settings/oauth-clients";
import { effectiveSmtp, type SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import { secretHint, type SystemSettings } from "@/server/domain/settings/system-settings";

/** One login app as the admin sees it: the stored id, the secret masked, and which source next-auth uses (env wins). */
function oauthView(s: SystemSettings, env: Partial<Record<OAuthProviderKey, OAuthClientCredentials>>) {
  const one = (p: OAuthProviderKey) => ({
    client_id: s.oauth[p].clientId,
    client_secret_set: s.oauth[p].clientSecret !== null,
    client_secret_hint: secretHint(s.oauth[p].clientSecret),
    effective_source: effectiveOAuthClient(env[p], s.oauth[p]).source,
  });
  return Object.fromEntries(OAUTH_PROVIDER_KEYS.map((p) => [p, one(p)])) as Record<OAuthProviderKey, ReturnType<typeof one>>;
}

/** The stored SMTP server with the password masked, and which server mail goes through (KUBEBYON_SMTP_HOST wins). */
function smtpView(s: SystemSettings, env: SmtpTransportConfig | undefined) {
  const smtp = s.smtp;
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    user: smtp.user,
    password_set: smtp.password !== null,
    password_hint: secretHint(smtp.password),
    from: smtp.from,
    effective_source: effectiveSmtp(env, smtp).source,
  };
}

/** Settings as the API returns them: spec field names, the API token never, only whether it is set and a masked hint. */
export function toSystemSettingsView(
  s: SystemSettings,
  meta: { updatedAt: Date | null; updatedBy: { id: string; email: string } | null; envOAuth: Partial<Record<OAuthProviderKey, OAuthClientCredentials>>; envSmtp?: SmtpTransportConfig },
) {
  const dns = s.managedWorkloadIngressDns;
  return {
    join_base_url: s.joinBaseUrl,
    public_base_url: s.publicBaseUrl,
    default_cluster_public_access_mode: s.defaultClusterPublicAccessMode,
    managed_workload_ingress_base_domain: s.managedWorkloadIngressBaseDomain,
    managed_workload_ingress_dns: {
      enabled: dns.enabled,
      active_provider: dns.activeProvider,
      record_target_hostname: dns.recordTargetHostname,
      cloudflare: { zone_id: dns.cloudflare.zoneId, api_token_set: dns.cloudflare.apiToken !== null, api_token_hint: secretHint(dns.cloudflare.apiToken) },
    },
    oauth: oauthView(s, meta.envOAuth),
    smtp: smtpView(s, meta.envSmtp),
    updated_at: meta.updatedAt?.toISOString() ?? null,
    updated_by: meta.updatedBy,
  };
}

export type SystemSettingsView = ReturnType<typeof toSystemSettingsView>;
