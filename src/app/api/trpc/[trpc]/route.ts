import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createApiContext } from "@/server/api/context";
import { observeRequest } from "@/server/api/http/observe-request";
import { responseMeta } from "@/server/api/http/response-meta";
import { appRouter } from "@/server/api/root";

export const dynamic = "force-dynamic";

const handler = observeRequest("/api/trpc", (req, requestId) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createApiContext({ headers: req.headers, method: req.method, requestId }),
    responseMeta,
  }),
);

export { handler as GET, handler as POST };
