import { effectiveOAuthClient, OAUTH_PROVIDER_KEYS, type OAuthClientCredentials, type OAuthProviderKey } from "@/server/domain/settings/oauth-clients";
import type { ServiceDeps } from "@/server/services/service-deps";
import { readOAuthClients } from "./read-system-settings";

/** The OAuth apps the environment configures (Config["oauth"]). */
export type EnvOAuthClients = Partial<Record<OAuthProviderKey, OAuthClientCredentials>>;

/**
 * next-auth's options are built on every /api/auth request and the login page
 * renders often, so the stored apps are read at most every 30 s per process; a
 * save in this process clears the cache at once (forgetCachedOAuthClients).
 * The cache lives on globalThis because Next.js bundles route handlers and pages
 * separately, each with its own copy of this module: a module variable cleared by
 * the settings API would stay stale for the login page.
 */
const CACHE_MS = 30_000;
type Cache = { at: number; stored: Awaited<ReturnType<typeof readOAuthClients>> };
const KEY = Symbol.for("kubebyon.oauth-clients-cache");
const holder = globalThis as { [KEY]?: Cache };

export function forgetCachedOAuthClients(): void {
  holder[KEY] = undefined;
}

/** The credentials in effect per provider: the environment's when set, else system settings' when complete. */
export async function effectiveOAuthClients(deps: Pick<ServiceDeps, "db" | "now">, env: EnvOAuthClients): Promise<EnvOAuthClients> {
  const now = deps.now().getTime();
  // Nothing to read when the environment configures every provider.
  const needsSettings = OAUTH_PROVIDER_KEYS.some((p) => !env[p]);
  let cache = holder[KEY];
  if (needsSettings && (!cache || now - cache.at > CACHE_MS || now < cache.at)) cache = holder[KEY] = { at: now, stored: await readOAuthClients(deps) };
  const result: EnvOAuthClients = {};
  for (const provider of OAUTH_PROVIDER_KEYS) {
    const { client } = effectiveOAuthClient(env[provider], cache?.stored[provider] ?? { clientId: null, clientSecret: null });
    if (client) result[provider] = client;
  }
  return result;
}
