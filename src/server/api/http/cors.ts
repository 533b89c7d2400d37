/**
 * CORS for the REST API per KUBEBYON_CORS_ALLOWED_ORIGINS: an origin listed
 * exactly gets credentialed access (cookies); `*` lets any origin call with
 * an API key but never returns credentials (and the cross-site check in
 * ./cross-site.ts never trusts it). Unlisted origins get no CORS headers, so
 * the browser withholds the response.
 */
export function corsHeadersFor(origin: string | null, allowed: readonly string[]): Record<string, string> {
  if (!origin) return {};
  // The answer depends on Origin: shared caches must not hand one origin's answer to another.
  const vary = { Vary: "Origin" };
  const expose = { "Access-Control-Expose-Headers": "Retry-After, X-Request-Id" };
  if (origin !== "*" && allowed.includes(origin)) {
    return { ...vary, ...expose, "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true" };
  }
  if (allowed.includes("*")) return { ...vary, ...expose, "Access-Control-Allow-Origin": "*" };
  return vary;
}

/** KUBEBYON_CORS_ALLOWED_ORIGINS applied to the request's Origin. */
export function corsHeaders(req: Request, allowed: readonly string[]): Record<string, string> {
  return corsHeadersFor(req.headers.get("origin"), allowed);
}

/** Answers an OPTIONS preflight; an origin that is not allowed gets no Allow-* headers and so no access. */
export function preflight(req: Request, allowed: readonly string[]): Response {
  const headers = corsHeaders(req, allowed);
  if (!headers["Access-Control-Allow-Origin"]) return new Response(null, { status: 204, headers });
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
      "Access-Control-Allow-Headers": "Authorization, Content-Type, X-Request-Id",
      "Access-Control-Max-Age": "600",
    },
  });
}
