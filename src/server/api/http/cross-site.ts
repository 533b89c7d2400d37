/**
 * Browser-session calls that change state must come from our own origin (or
 * an origin in KUBEBYON_CORS_ALLOWED_ORIGINS; `*` is never trusted for this).
 * `Sec-Fetch-Site: cross-site` or a foreign Origin header marks a forged
 * request; API-key calls are not affected because browsers never attach them.
 */
export function isCrossSiteRequest(method: string, headers: Headers, allowedOrigins: readonly string[]): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return false;
  const origin = headers.get("origin");
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
    if (originHost === host) return false;
    return !allowedOrigins.filter((o) => o !== "*").includes(origin);
  }
  return headers.get("sec-fetch-site") === "cross-site";
}
