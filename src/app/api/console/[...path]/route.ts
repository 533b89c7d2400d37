import { createOpenApiFetchHandler } from "trpc-to-openapi";
import { createApiContext } from "@/server/api/context";
import { corsHeaders, preflight } from "@/server/api/http/cors";
import { observeRequest } from "@/server/api/http/observe-request";
import { responseMeta } from "@/server/api/http/response-meta";
import { appRouter } from "@/server/api/root";

export const dynamic = "force-dynamic";

const handler = observeRequest("/api/console", async (req, requestId) => {
  if (req.method === "OPTIONS") return preflight(req);
  const res = await createOpenApiFetchHandler({
    endpoint: "/api/console",
    req,
    router: appRouter,
    createContext: () => createApiContext({ headers: req.headers, method: req.method, requestId }),
    responseMeta,
  });
  for (const [k, v] of Object.entries(corsHeaders(req))) res.headers.set(k, v);
  return res;
});

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS, handler as HEAD };
