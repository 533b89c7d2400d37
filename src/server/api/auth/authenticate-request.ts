import type { Viewer } from "@/server/domain/auth/viewer";
import { authenticateApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { resolveSession, type SessionFailure } from "@/server/services/auth/resolve-session";
import type { AuthDeps } from "@/server/services/auth/auth-deps";
import { sessionIdFromCookie } from "./session-cookie";

export type AuthFailure = "missing" | "invalid_api_key" | "expired_api_key" | SessionFailure;

export type Authentication = { viewer: Viewer; failure?: undefined } | { viewer: null; failure: AuthFailure };

/** `Authorization: Bearer <api key>` wins over the session cookie, so scripts never depend on browser state. */
export async function authenticateRequest(deps: AuthDeps, headers: Headers, authSecret: string): Promise<Authentication> {
  const authz = headers.get("authorization");
  if (authz) {
    const m = /^Bearer\s+(\S+)$/i.exec(authz.trim());
    if (!m) return { viewer: null, failure: "invalid_api_key" };
    const result = await authenticateApiKey(deps, m[1]!);
    return result.viewer ? { viewer: result.viewer } : { viewer: null, failure: result.failure };
  }
  const sessionId = await sessionIdFromCookie(headers, authSecret);
  if (!sessionId) return { viewer: null, failure: "missing" };
  return resolveSession(deps, sessionId);
}
