import { getRuntime } from "@/server/composition/runtime";
import type { Config } from "@/server/config/env";
import { effectiveOAuthClients } from "@/server/services/settings/effective-oauth-clients";

/**
 * The runtime config with `oauth` replaced by the credentials in effect: the
 * environment's per provider, else those saved in system settings (cached ≤ 30 s).
 * next-auth's options and the login page's buttons both use it, so they agree.
 */
export async function configWithEffectiveOAuth(): Promise<Config> {
  const { config, deps } = getRuntime();
  return { ...config, oauth: await effectiveOAuthClients(deps, config.oauth) };
}
