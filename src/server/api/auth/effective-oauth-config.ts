import type { Config } from "@/server/config/env";
import type { ApiRuntime } from "@/server/api/api-runtime";
import { effectiveOAuthClients } from "@/server/services/settings/effective-oauth-clients";

/**
 * The runtime config with `oauth` replaced by the credentials in effect: the
 * environment's per provider, else those saved in system settings (cached ≤ 30 s).
 * next-auth's options and the login page's buttons both use it, so they agree.
 */
export async function configWithEffectiveOAuth(runtime: Pick<ApiRuntime, "config" | "deps">): Promise<Config> {
  const { config, deps } = runtime;
  return { ...config, oauth: await effectiveOAuthClients(deps, config.oauth) };
}
