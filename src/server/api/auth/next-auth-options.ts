import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getRuntime } from "@/server/composition/runtime";
import { requireAuthSecret } from "@/server/config/env";
import { signInInputSchema } from "@/server/domain/auth/credentials";
import { AppError } from "@/server/domain/errors";
import { revokeSession } from "@/server/services/auth/revoke-session";
import { signInWithPassword } from "@/server/services/auth/sign-in-with-password";
import { clientIp } from "@/server/api/http/client-ip";
import { SESSION_COOKIE, sessionIdFromCookie } from "./session-cookie";

/**
 * Error strings the login page understands (next-auth passes a thrown
 * message through as `error`). Wrong credentials surface as next-auth's own
 * "CredentialsSignin".
 */
export const SIGN_IN_ERRORS = { rateLimited: "TOO_MANY_REQUESTS", disabled: "ACCOUNT_DISABLED", unverified: "EMAIL_NOT_VERIFIED" } as const;

/**
 * next-auth runs with JWT sessions (the only strategy it allows with
 * credentials); the JWT carries just a database session id, which every
 * request checks, so logout / disable / password reset revoke at once.
 */
export function nextAuthOptions(): NextAuthOptions {
  const { config, deps, limiters } = getRuntime();
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
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user && "sid" in user && typeof user.sid === "string") token.sid = user.sid;
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
