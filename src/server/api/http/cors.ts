import { getRuntime } from "@/server/composition/runtime";

/**
 * CORS for the REST API: only origins in KUBEBYON_CORS_ALLOWED_ORIGINS get
 * credentialed access; `*` allows reads without credentials (the spec: `*`
 * never returns credentials and is never trusted by the CSRF check).
 */
export function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get("origin");
  if (!origin) return {};
  const allowed = getRuntime().config.corsAllowedOrigins;
  if (allowed.includes(origin)) {
    return { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" };
  }
  if (allowed.includes("*")) return { "Access-Control-Allow-Origin": "*" };
  return {};
}

export function preflight(req: Request): Response {
  const headers = corsHeaders(req);
  if (!headers["Access-Control-Allow-Origin"]) return new Response(null, { status: 204 });
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
