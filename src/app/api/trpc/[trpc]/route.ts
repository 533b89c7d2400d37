import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createApiContext } from "@/server/api/context";
import { observeRequest } from "@/server/api/http/observe-request";
import { responseMeta } from "@/server/api/http/response-meta";
import { appRouter } from "@/server/api/root";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> {
  const runtime = getRuntime();
  return observeRequest(runtime, "/api/trpc", req, (r, requestId) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: r,
      router: appRouter,
      createContext: () => createApiContext(runtime, { headers: r.headers, method: r.method, requestId }),
      responseMeta,
    }),
  );
}

export { handler as GET, handler as POST };
