import { effectiveOAuthClient, OAUTH_PROVIDER_KEYS, type OAuthClientCredentials, type OAuthProviderKey } from "@/server/domain/settings/oauth-clients";
import type { ServiceDeps } from "@/server/services/service-deps";
import { readOAuthClients } from "./read-system-settings";
import type { SettingsCacheDeps } from "./settings-cache";

/** The OAuth apps the environment configures (Config["oauth"]). */
export type EnvOAuthClients = Partial<Record<OAuthProviderKey, OAuthClientCredentials>>;

/** The credentials in effect per provider: the environment's when set, else system settings' when complete. */
export async function effectiveOAuthClients(deps: Pick<ServiceDeps, "db" | "now"> & SettingsCacheDeps, env: EnvOAuthClients): Promise<EnvOAuthClients> {
  // Nothing to read when the environment configures every provider.
  const needsSettings = OAUTH_PROVIDER_KEYS.some((p) => !env[p]);
  const stored = needsSettings ? await deps.settingsCache.oauthClients.get(deps.now(), () => readOAuthClients(deps)) : undefined;
  const result: EnvOAuthClients = {};
  for (const provider of OAUTH_PROVIDER_KEYS) {
    const { client } = effectiveOAuthClient(env[provider], stored?.[provider] ?? { clientId: null, clientSecret: null });
    if (client) result[provider] = client;
  }
  return result;
}
