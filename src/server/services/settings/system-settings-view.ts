import { secretHint, type SystemSettings } from "@/server/domain/settings/system-settings";

/** Settings as the API returns them: spec field names, the API token never, only whether it is set and a masked hint. */
export function toSystemSettingsView(s: SystemSettings, meta: { updatedAt: Date | null; updatedBy: { id: string; email: string } | null }) {
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
    updated_at: meta.updatedAt?.toISOString() ?? null,
    updated_by: meta.updatedBy,
  };
}

export type SystemSettingsView = ReturnType<typeof toSystemSettingsView>;
