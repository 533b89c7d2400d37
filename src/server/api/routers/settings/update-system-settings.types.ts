import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { publicAccessModeSchema } from "@/server/domain/clusters/public-access";
import { publicAccessProviderSchema } from "@/server/domain/clusters/public-access-provider";
import { MANAGED_DNS_PROVIDER } from "@/server/domain/settings/system-settings";
import { systemSettingsViewSchema } from "@/server/services/settings/system-settings-view";
import { strictBoolean } from "@/server/api/strict-boolean";

export const updateSystemSettingsMeta = {
  openapi: {
    method: "PATCH",
    path: "/admin/settings",
    protect: true,
    tags: ["admin"],
    summary:
      "Change system settings: absent fields stay, null or \"\" clears; an empty api_token, client_secret or smtp.password keeps the stored one, null removes it; public_access_provider is read-only (set by KUBEBYON_PUBLIC_ACCESS_PROVIDER)",
  },
} satisfies OpenApiMeta;

const optionalText = (max: number) => z.string().max(max, `Use at most ${max} characters.`).nullable().optional();

const oauthAppInput = z.object({ client_id: optionalText(200), client_secret: optionalText(500) }).optional();

export const updateSystemSettingsInput = z.object({
  join_base_url: optionalText(2000),
  public_base_url: optionalText(2000),
  default_cluster_public_access_mode: publicAccessModeSchema.optional(),
  /** Deployment-level (KUBEBYON_PUBLIC_ACCESS_PROVIDER): the deployment's own value is accepted and changes nothing, another is refused. */
  public_access_provider: publicAccessProviderSchema.optional(),
  managed_workload_ingress_base_domain: optionalText(253),
  managed_workload_ingress_dns: z
    .object({
      enabled: strictBoolean("enabled must be true or false.").optional(),
      active_provider: z.literal(MANAGED_DNS_PROVIDER, { message: `${MANAGED_DNS_PROVIDER} is the only DNS provider supported.` }).optional(),
      record_target_hostname: optionalText(253),
      cloudflare: z.object({ zone_id: optionalText(64), api_token: optionalText(500) }).optional(),
    })
    .optional(),
  nodeport_host_address: optionalText(253),
  oauth: z.object({ github: oauthAppInput, google: oauthAppInput }).optional(),
  smtp: z
    .object({
      host: optionalText(253),
      port: z.number().int().min(1, "Use a port between 1 and 65535.").max(65535, "Use a port between 1 and 65535.").optional(),
      secure: strictBoolean("secure must be true or false.").optional(),
      user: optionalText(320),
      password: optionalText(500),
      from: optionalText(320),
    })
    .optional(),
});
export const updateSystemSettingsOutput = systemSettingsViewSchema;
