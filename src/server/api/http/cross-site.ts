/**
 * Browser-session calls that change state must come from our own origin or
 * an origin listed in KUBEBYON_CORS_ALLOWED_ORIGINS (`*` is never trusted
 * here). `Sec-Fetch-Site: cross-site` is refused even for a listed origin:
 * the list is for same-site origins (console.example.com → api.example.com);
 * a cross-site front end must use an API key, as the spec says. API-key calls
 * are not affected because browsers never attach them on their own.
 */
export function isCrossSiteRequest(method: string, headers: Headers, allowedOrigins: readonly string[]): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return false;
  if (headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = headers.get("origin");
  if (!origin) return false;
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" (sandboxed frames, file://) or garbage: never trusted
  }
  if (originHost === host) return false;
  return !allowedOrigins.filter((o) => o !== "*").includes(origin);
}
