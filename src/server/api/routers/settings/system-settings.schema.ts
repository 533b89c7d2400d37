import { z } from "zod";
import { publicAccessModeSchema } from "@/server/domain/clusters/public-access";

const oauthAppSchema = z.object({
  client_id: z.string().nullable(),
  /** The secret itself is write-only. */
  client_secret_set: z.boolean(),
  client_secret_hint: z.string().nullable(),
  /** Which credentials sign-in uses: the environment's win over these settings. */
  effective_source: z.enum(["env", "settings", "none"]),
});

export const systemSettingsSchema = z.object({
  join_base_url: z.string().nullable(),
  public_base_url: z.string().nullable(),
  default_cluster_public_access_mode: publicAccessModeSchema,
  managed_workload_ingress_base_domain: z.string().nullable(),
  managed_workload_ingress_dns: z.object({
    enabled: z.boolean(),
    active_provider: z.literal("cloudflare"),
    record_target_hostname: z.string().nullable(),
    cloudflare: z.object({
      zone_id: z.string().nullable(),
      /** The token itself is write-only. */
      api_token_set: z.boolean(),
      api_token_hint: z.string().nullable(),
    }),
  }),
  oauth: z.object({ github: oauthAppSchema, google: oauthAppSchema }),
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
    effective_source: z.enum(["env", "settings", "none"]),
  }),
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.string(), email: z.string() }).nullable(),
});
