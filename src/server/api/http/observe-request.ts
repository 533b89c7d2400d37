import { randomUUID } from "node:crypto";
import type { ApiRuntime } from "@/server/api/api-runtime";

type Handler<R extends Request> = (req: R, requestId: string) => Promise<Response> | Response;

/**
 * Runs a route handler: assigns/propagates X-Request-Id, counts the request
 * and its latency under a route template (never the raw path, to keep label
 * cardinality bounded) and logs one line per request. The request object is
 * passed through untouched (next-auth needs Next's own NextRequest).
 */
export async function observeRequest<R extends Request>(
  runtime: Pick<ApiRuntime, "log" | "metrics">,
  route: string,
  req: R,
  handler: Handler<R>,
  opts: { log?: boolean } = {},
): Promise<Response> {
  const started = performance.now();
  const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
  let status = 500;
  try {
    const res = await handler(req, requestId);
    status = res.status;
    try {
      res.headers.set("x-request-id", requestId);
    } catch {
      // Some responses (e.g. redirects) have immutable headers; the id is still in the log.
    }
    return res;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    const m = runtime.metrics;
    m.httpRequests.inc({ route, method: req.method, status: String(status) });
    m.httpDuration.observe({ route, method: req.method }, seconds);
    if (opts.log !== false) {
      runtime.log.info("http request", {
        request_id: requestId,
        method: req.method,
        route,
        path: new URL(req.url).pathname,
        status,
        duration_ms: Math.round(seconds * 1000),
      });
    }
  }
}
