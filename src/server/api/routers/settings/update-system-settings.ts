import { adminProcedure } from "@/server/api/trpc";
import { updateSystemSettings as updateSystemSettingsUseCase } from "@/server/services/settings/update-system-settings";
import { updateSystemSettingsInput, updateSystemSettingsMeta, updateSystemSettingsOutput } from "./update-system-settings.types";

export const updateSystemSettings = adminProcedure
  .meta(updateSystemSettingsMeta)
  .input(updateSystemSettingsInput)
  .output(updateSystemSettingsOutput)
  .mutation(({ ctx, input }) => {
    const dns = input.managed_workload_ingress_dns;
    const app = (a: { client_id?: string | null; client_secret?: string | null } | undefined) => a && { clientId: a.client_id, clientSecret: a.client_secret };
    return updateSystemSettingsUseCase(
      ctx.deps,
      ctx.viewer,
      {
        joinBaseUrl: input.join_base_url,
        publicBaseUrl: input.public_base_url,
        defaultClusterPublicAccessMode: input.default_cluster_public_access_mode,
        publicAccessProvider: input.public_access_provider,
        managedWorkloadIngressBaseDomain: input.managed_workload_ingress_base_domain,
        managedWorkloadIngressDns: dns && {
          enabled: dns.enabled,
          recordTargetHostname: dns.record_target_hostname,
          cloudflare: dns.cloudflare && { zoneId: dns.cloudflare.zone_id, apiToken: dns.cloudflare.api_token },
        },
        nodePortHostAddress: input.nodeport_host_address,
        oauth: input.oauth && { github: app(input.oauth.github), google: app(input.oauth.google) },
        smtp: input.smtp,
      },
      ctx.origin,
      ctx.config.oauth,
      ctx.config.smtp,
    );
  });
