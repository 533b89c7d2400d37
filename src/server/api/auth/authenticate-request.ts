import type { Viewer } from "@/server/domain/auth/viewer";
import { authenticateApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { resolveSession } from "@/server/services/auth/resolve-session";
import type { ServiceDeps } from "@/server/services/service-deps";
import { sessionIdFromCookie } from "./session-cookie";

export type Authentication =
  | { viewer: Viewer; failure?: undefined }
  | { viewer: null; failure: "missing" | "invalid_api_key" | "invalid_session" };

/** `Authorization: Bearer <api key>` wins over the session cookie, so scripts never depend on browser state. */
export async function authenticateRequest(deps: ServiceDeps, headers: Headers, authSecret: string): Promise<Authentication> {
  const authz = headers.get("authorization");
  if (authz) {
    const m = /^Bearer\s+(\S+)$/i.exec(authz.trim());
    const viewer = m ? await authenticateApiKey(deps, m[1]!) : null;
    return viewer ? { viewer } : { viewer: null, failure: "invalid_api_key" };
  }
  const sessionId = await sessionIdFromCookie(headers, authSecret);
  if (!sessionId) return { viewer: null, failure: "missing" };
  const viewer = await resolveSession(deps, sessionId);
  return viewer ? { viewer } : { viewer: null, failure: "invalid_session" };
}
