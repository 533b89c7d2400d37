import { createApiContext } from "@/server/api/context";
import { corsHeaders, preflight } from "@/server/api/http/cors";
import { createOpenApiFetchHandler } from "@/server/api/http/openapi-fetch-handler";
import { observeRequest } from "@/server/api/http/observe-request";
import { responseMeta } from "@/server/api/http/response-meta";
import { appRouter } from "@/server/api/root";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

const rest = createOpenApiFetchHandler({
  endpoint: "/api/console",
  router: appRouter,
  createContext: (r, requestId) => createApiContext(getRuntime(), { headers: r.headers, method: r.method, requestId }),
  responseMeta,
});

function handler(req: Request): Promise<Response> {
  const runtime = getRuntime();
  const allowedOrigins = runtime.config.corsAllowedOrigins;
  return observeRequest(runtime, "/api/console", req, async (r, requestId) => {
    if (r.method === "OPTIONS") return preflight(r, allowedOrigins);
    const res = await rest(r, requestId);
    for (const [k, v] of Object.entries(corsHeaders(r, allowedOrigins))) res.headers.set(k, v);
    return res;
  });
}

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS, handler as HEAD };
