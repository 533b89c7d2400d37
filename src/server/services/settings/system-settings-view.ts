import { z } from "zod";
import { publicAccessModeSchema } from "@/server/domain/clusters/public-access";
import { describePublicAccessProvider, publicAccessProviderSchema, type PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { configSourceSchema } from "@/server/domain/settings/config-source";
import { effectiveOAuthClient, OAUTH_PROVIDER_KEYS, type OAuthClientCredentials, type OAuthProviderKey } from "@/server/domain/settings/oauth-clients";
import { effectiveSmtp, type SmtpTransportConfig } from "@/server/domain/settings/smtp-settings";
import { MANAGED_DNS_PROVIDER, secretHint, type SystemSettings } from "@/server/domain/settings/system-settings";

const oauthAppViewSchema = z.object({
  client_id: z.string().nullable(),
  /** The secret itself is write-only. */
  client_secret_set: z.boolean(),
  client_secret_hint: z.string().nullable(),
  /** Which credentials sign-in uses: the environment's win over these settings. */
  effective_source: configSourceSchema,
});
type OAuthAppView = z.infer<typeof oauthAppViewSchema>;

/** Settings as the API returns them: spec field names, secrets never, only whether they are set and a masked hint. */
export const systemSettingsViewSchema = z.object({
  join_base_url: z.string().nullable(),
  public_base_url: z.string().nullable(),
  default_cluster_public_access_mode: publicAccessModeSchema,
  /** Read-only: the deployment's KUBEBYON_PUBLIC_ACCESS_PROVIDER (chart value publicAccess.provider); an update may not change it. */
  public_access_provider: publicAccessProviderSchema,
  /** What the provider means for loadbalancer clusters, in one line. */
  public_access_provider_description: z.string(),
  managed_workload_ingress_base_domain: z.string().nullable(),
  managed_workload_ingress_dns: z.object({
    enabled: z.boolean(),
    active_provider: z.literal(MANAGED_DNS_PROVIDER),
    record_target_hostname: z.string().nullable(),
    cloudflare: z.object({
      zone_id: z.string().nullable(),
      /** The token itself is write-only. */
      api_token_set: z.boolean(),
      api_token_hint: z.string().nullable(),
    }),
  }),
  /** Host address of NodePort control planes without control_plane_host; null: derived from the host's Ready Nodes. */
  nodeport_host_address: z.string().nullable(),
  oauth: z.object({ github: oauthAppViewSchema, google: oauthAppViewSchema }),
  smtp: z.object({
    host: z.string().nullable(),
    port: z.number().int(),
    /** true: implicit TLS (465); false: STARTTLS when offered. */
    secure: z.boolean(),
    user: z.string().nullable(),
    /** The password itself is write-only. */
    password_set: z.boolean(),
    password_hint: z.string().nullable(),
    from: z.string().nullable(),
    /** Which server mail goes through: KUBEBYON_SMTP_HOST wins over these settings. */
    effective_source: configSourceSchema,
  }),
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.string(), email: z.string() }).nullable(),
});
export type SystemSettingsView = z.infer<typeof systemSettingsViewSchema>;

/** One login app as the admin sees it: the stored id, the secret masked, and which source next-auth uses (env wins). */
function oauthView(s: SystemSettings, env: Partial<Record<OAuthProviderKey, OAuthClientCredentials>>): SystemSettingsView["oauth"] {
  const one = (p: OAuthProviderKey): OAuthAppView => ({
    client_id: s.oauth[p].clientId,
    client_secret_set: s.oauth[p].clientSecret !== null,
    client_secret_hint: secretHint(s.oauth[p].clientSecret),
    effective_source: effectiveOAuthClient(env[p], s.oauth[p]).source,
  });
  return Object.fromEntries(OAUTH_PROVIDER_KEYS.map((p) => [p, one(p)])) as Record<OAuthProviderKey, OAuthAppView>;
}

/** The stored SMTP server with the password masked, and which server mail goes through (KUBEBYON_SMTP_HOST wins). */
function smtpView(s: SystemSettings, env: SmtpTransportConfig | undefined): SystemSettingsView["smtp"] {
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

export function toSystemSettingsView(
  s: SystemSettings,
  meta: {
    updatedAt: Date | null;
    updatedBy: { id: string; email: string } | null;
    envOAuth: Partial<Record<OAuthProviderKey, OAuthClientCredentials>>;
    envSmtp?: SmtpTransportConfig;
    publicAccessProvider: PublicAccessProvider;
  },
): SystemSettingsView {
  const dns = s.managedWorkloadIngressDns;
  return {
    join_base_url: s.joinBaseUrl,
    public_base_url: s.publicBaseUrl,
    default_cluster_public_access_mode: s.defaultClusterPublicAccessMode,
    public_access_provider: meta.publicAccessProvider,
    public_access_provider_description: describePublicAccessProvider(meta.publicAccessProvider),
    managed_workload_ingress_base_domain: s.managedWorkloadIngressBaseDomain,
    managed_workload_ingress_dns: {
      enabled: dns.enabled,
      active_provider: dns.activeProvider,
      record_target_hostname: dns.recordTargetHostname,
      cloudflare: { zone_id: dns.cloudflare.zoneId, api_token_set: dns.cloudflare.apiToken !== null, api_token_hint: secretHint(dns.cloudflare.apiToken) },
    },
    nodeport_host_address: s.nodePortHostAddress,
    oauth: oauthView(s, meta.envOAuth),
    smtp: smtpView(s, meta.envSmtp),
    updated_at: meta.updatedAt?.toISOString() ?? null,
    updated_by: meta.updatedBy,
  };
}
