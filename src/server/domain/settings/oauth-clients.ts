import { AppError } from "@/server/domain/errors";
import type { ConfigSource } from "./config-source";

/**
 * GitHub / Google OAuth app credentials kept in system settings, and which
 * source is in effect. The environment wins whenever it configures a provider,
 * so an operator's deployment config cannot be overridden from the admin page.
 */
export type OAuthProviderKey = "github" | "google";
export const OAUTH_PROVIDER_KEYS: readonly OAuthProviderKey[] = ["github", "google"];

export interface StoredOAuthClient {
  clientId: string | null;
  /** Write-only: views show only whether it is set and a masked hint. */
  clientSecret: string | null;
}
export type StoredOAuthClients = Record<OAuthProviderKey, StoredOAuthClient>;

export const EMPTY_OAUTH_CLIENTS: StoredOAuthClients = { github: { clientId: null, clientSecret: null }, google: { clientId: null, clientSecret: null } };

/** absent keeps; clientId null/"" clears; clientSecret "" keeps, null removes. */
export type OAuthClientsPatch = Partial<Record<OAuthProviderKey, { clientId?: string | null; clientSecret?: string | null }>>;

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
}
export type OAuthClientSource = ConfigSource;

const bad = (message: string) => new AppError("BAD_REQUEST", message);

function normalizeClientId(provider: OAuthProviderKey, raw: string): string {
  const id = raw.trim();
  if (id.length > 200 || /\s/.test(id)) throw bad(`oauth.${provider}.client_id must be the OAuth app's client ID (no spaces, at most 200 characters).`);
  return id;
}

function normalizeClientSecret(provider: OAuthProviderKey, raw: string): string {
  const secret = raw.trim();
  if (secret.length < 8 || secret.length > 500 || /\s/.test(secret)) {
    throw bad(`oauth.${provider}.client_secret does not look like an OAuth client secret (8–500 characters, no spaces). Copy it from the provider's OAuth app page.`);
  }
  return secret;
}

export function applyOAuthClientsPatch(current: StoredOAuthClients, patch: OAuthClientsPatch | undefined): StoredOAuthClients {
  const next = { ...current };
  for (const provider of OAUTH_PROVIDER_KEYS) {
    const p = patch?.[provider];
    if (!p) continue;
    const cur = current[provider];
    const id = p.clientId === undefined ? cur.clientId : p.clientId === null || p.clientId.trim() === "" ? null : normalizeClientId(provider, p.clientId);
    // Same rule as the Cloudflare token: an empty field keeps the stored secret; only null removes it.
    const secret = p.clientSecret === null ? null : p.clientSecret?.trim() ? normalizeClientSecret(provider, p.clientSecret) : cur.clientSecret;
    next[provider] = { clientId: id, clientSecret: secret };
  }
  return next;
}

/** The credentials next-auth uses for one provider: the environment's when set, else the stored pair when complete. */
export function effectiveOAuthClient(
  env: OAuthClientCredentials | undefined,
  stored: StoredOAuthClient,
): { source: OAuthClientSource; client: OAuthClientCredentials | undefined } {
  if (env) return { source: "env", client: env };
  if (stored.clientId && stored.clientSecret) return { source: "settings", client: { clientId: stored.clientId, clientSecret: stored.clientSecret } };
  return { source: "none", client: undefined };
}
