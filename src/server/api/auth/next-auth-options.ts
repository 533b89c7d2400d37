import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { requireAuthSecret } from "@/server/config/env";
import { signInInputSchema } from "@/server/domain/auth/credentials";
import { AppError } from "@/server/domain/errors";
import { revokeSession } from "@/server/services/auth/revoke-session";
import { signInWithPassword } from "@/server/services/auth/sign-in-with-password";
import { OAuthSignInRefused, type OAuthRefusal } from "@/server/services/oauth/oauth-identity";
import { signInWithOAuth } from "@/server/services/oauth/sign-in-with-oauth";
import type { ApiRuntime } from "@/server/api/api-runtime";
import { clientIp } from "@/server/api/http/client-ip";
import { configWithEffectiveOAuth } from "./effective-oauth-config";
import { isOAuthProviderId, oauthIdentity, oauthProviders } from "./oauth-providers";
import { SESSION_COOKIE, sessionIdFromCookie } from "./session-cookie";

/**
 * Error strings the login page understands (next-auth passes a thrown
 * message through as `error`). Wrong credentials surface as next-auth's own
 * "CredentialsSignin".
 */
export const SIGN_IN_ERRORS = { rateLimited: "TOO_MANY_REQUESTS", disabled: "ACCOUNT_DISABLED", unverified: "EMAIL_NOT_VERIFIED" } as const;

/** `?error=` codes an OAuth refusal sends the browser back to /login with (src/components/auth/login-error.ts reads them). */
export const OAUTH_SIGN_IN_ERRORS: Record<OAuthRefusal, string> = {
  account_disabled: SIGN_IN_ERRORS.disabled,
  email_unverified: "OAUTH_EMAIL_UNVERIFIED",
  no_verified_email: "OAUTH_NO_VERIFIED_EMAIL",
};

/**
 * next-auth runs with JWT sessions (the only strategy it allows with
 * credentials); the JWT carries just a database session id, which every
 * request checks, so logout / disable / password reset revoke at once.
 */
export async function nextAuthOptions(runtime: Pick<ApiRuntime, "config" | "deps">, requestHeaders: Headers): Promise<NextAuthOptions> {
  const { deps } = runtime;
  const { limiters } = deps;
  // OAuth apps may come from system settings, so the providers are worked out per request.
  const config = await configWithEffectiveOAuth(runtime);
  // Options are built per request, so the OAuth sign-in can hand its session id to the jwt callback here.
  let oauthSessionId: string | undefined;
  return {
    secret: requireAuthSecret(config),
    session: { strategy: "jwt", maxAge: config.sessionTtlHours * 3600 },
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: "lax", path: "/", secure: config.sessionCookieSecure },
      },
    },
    useSecureCookies: config.sessionCookieSecure,
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const headers = new Headers(req.headers as Record<string, string>);
          const origin = { ip: clientIp(headers, config.trustedProxyCidrs), userAgent: headers.get("user-agent") };
          const decision = limiters.auth.take(`login:${origin.ip ?? "unknown"}`);
          if (!decision.allowed) throw new Error(SIGN_IN_ERRORS.rateLimited);
          const parsed = signInInputSchema.safeParse(credentials ?? {});
          if (!parsed.success) return null;
          try {
            // Rotation: whatever session this browser held before is revoked by the login.
            const replacesSessionId = await sessionIdFromCookie(headers, requireAuthSecret(config));
            const result = await signInWithPassword(deps, parsed.data, origin, { replacesSessionId });
            return { id: result.userId, sid: result.sessionId };
          } catch (error) {
            if (error instanceof AppError && error.code === "FORBIDDEN") throw new Error(SIGN_IN_ERRORS.disabled);
            if (error instanceof AppError && error.code === "PRECONDITION_FAILED") throw new Error(SIGN_IN_ERRORS.unverified);
            if (error instanceof AppError && error.code === "UNAUTHORIZED") return null;
            throw error;
          }
        },
      }),
      ...oauthProviders(config),
    ],
    callbacks: {
      // Credentials said yes in authorize(); an OAuth identity is checked and signed in here, where a
      // refusal can still send the browser back to the login page with its reason.
      async signIn({ account, profile }) {
        if (account?.type !== "oauth") return true;
        if (!isOAuthProviderId(account.provider)) return false;
        const origin = { ip: clientIp(requestHeaders, config.trustedProxyCidrs), userAgent: requestHeaders.get("user-agent") };
        try {
          const replacesSessionId = await sessionIdFromCookie(requestHeaders, requireAuthSecret(config));
          const identity = oauthIdentity(account.provider, account.providerAccountId, profile);
          oauthSessionId = (await signInWithOAuth(deps, identity, origin, { replacesSessionId })).sessionId;
          return true;
        } catch (error) {
          if (error instanceof OAuthSignInRefused) return `/login?error=${OAUTH_SIGN_IN_ERRORS[error.reason]}`;
          throw error;
        }
      },
      jwt({ token, user, account }) {
        if (user && "sid" in user && typeof user.sid === "string") token.sid = user.sid;
        // Only the session id: the provider's name, email and picture stay out of the cookie.
        if (account?.type === "oauth" && oauthSessionId) return { sid: oauthSessionId };
        return token;
      },
      session({ session, token }) {
        return { ...session, sid: token.sid };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSession(deps, token.sid);
      },
    },
  };
}
