import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { z } from "zod";
import { loadConfig, type Config } from "@/server/config/env";
import { githubEmail, googleEmailVerified, type OAuthIdentity, type OAuthProviderId } from "@/server/services/oauth/oauth-identity";

/**
 * GitHub and Google as next-auth OAuth providers, each present only when its client id/secret are
 * configured. Endpoints come from config so that GitHub Enterprise, or a test's local provider, can
 * stand in for the real services; the protocol next-auth speaks is the same.
 */

const githubUserSchema = z.object({ id: z.union([z.number(), z.string()]), login: z.string(), name: z.string().nullish(), email: z.string().nullish() });
const githubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));
const googleClaimsSchema = z.object({ sub: z.string(), email: z.string().nullish(), email_verified: z.unknown().optional(), name: z.string().nullish() });

/** The raw profile next-auth hands to the signIn callback, normalised to what our sign-in use case needs. */
export const oauthProfileSchema = z.object({
  email: z.string().nullish(),
  email_verified: z.unknown().optional(),
  name: z.string().nullish(),
});

/** A provider's raw profile: untrusted JSON, parsed with the schemas above where it is read. */
type RawProfile = Profile & Record<string, unknown>;

function githubProvider(config: Config, client: { clientId: string; clientSecret: string }): OAuthConfig<RawProfile> {
  const { githubBaseUrl: web, githubApiUrl: api } = config.oauthEndpoints;
  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    issuer: `${web}/login/oauth`,
    authorization: { url: `${web}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: `${web}/login/oauth/access_token`,
    userinfo: {
      url: `${api}/user`,
      // Always read /user/emails: only it says which address is primary and verified.
      async request({ tokens }) {
        const headers = { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/vnd.github+json", "User-Agent": "KubeBYON" };
        const userRes = await fetch(`${api}/user`, { headers });
        if (!userRes.ok) throw new Error(`GitHub ${api}/user answered ${userRes.status}`);
        const user = githubUserSchema.parse(await userRes.json());
        const res = await fetch(`${api}/user/emails`, { headers });
        const emails = res.ok ? githubEmailsSchema.parse(await res.json()) : [];
        const picked = githubEmail(emails, user.email ?? null);
        return { ...user, name: user.name ?? user.login, email: picked.email ?? undefined, email_verified: picked.verified };
      },
    },
    profile: (profile) => ({ id: String(githubUserSchema.parse(profile).id), name: profile.name ?? null, email: profile.email ?? null }),
    clientId: client.clientId,
    clientSecret: client.clientSecret,
  };
}

function googleProvider(config: Config, client: { clientId: string; clientSecret: string }): OAuthConfig<RawProfile> {
  return {
    id: "google",
    name: "Google",
    type: "oauth",
    wellKnown: `${config.oauthEndpoints.googleIssuer}/.well-known/openid-configuration`,
    authorization: { params: { scope: "openid email profile" } },
    // The profile is the ID token's claims, whose signature, issuer and audience openid-client checks.
    idToken: true,
    checks: ["pkce", "state"],
    profile: (profile) => ({ id: googleClaimsSchema.parse(profile).sub, name: profile.name ?? null, email: profile.email ?? null }),
    clientId: client.clientId,
    clientSecret: client.clientSecret,
  };
}

/** The providers to offer, in button order. */
export function oauthProviders(config: Config): OAuthConfig<RawProfile>[] {
  const list: OAuthConfig<RawProfile>[] = [];
  if (config.oauth.github) list.push(githubProvider(config, config.oauth.github));
  if (config.oauth.google) list.push(googleProvider(config, config.oauth.google));
  return list;
}

/** Ids of the configured providers, for the login page's buttons. */
export function enabledOAuthProviders(config: Config = loadConfig()): OAuthProviderId[] {
  return (["github", "google"] as const).filter((id) => config.oauth[id]);
}

export function isOAuthProviderId(id: string): id is OAuthProviderId {
  return id === "github" || id === "google";
}

/** What the provider said about the person, from next-auth's account + raw profile. */
export function oauthIdentity(provider: OAuthProviderId, providerAccountId: string, rawProfile: unknown): OAuthIdentity {
  const profile = oauthProfileSchema.parse(rawProfile ?? {});
  return {
    provider,
    providerAccountId,
    email: profile.email ?? null,
    // GitHub's is our own boolean from /user/emails, Google's the ID token claim.
    emailVerified: googleEmailVerified(profile.email_verified),
    name: profile.name ?? null,
  };
}
