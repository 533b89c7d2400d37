import type { ApiRuntime } from "@/server/api/api-runtime";
import { AppError } from "@/server/domain/errors";
import { serveJoinScript } from "@/server/services/join-tokens/serve-join-script";
import { clientIp } from "./client-ip";

const STATUS: Partial<Record<AppError["code"], number>> = { UNAUTHORIZED: 401, PRECONDITION_FAILED: 503, NOT_FOUND: 404 };

/**
 * GET /api/join/clusters/{id}/script?token=: what `curl … | sh -` downloads.
 * Rate-limited per client address (KUBEBYON_JOIN_RATE_LIMIT_*: 429 with
 * Retry-After). Errors are shell comments on stderr-friendly plain text, so a
 * piped `sh` prints the reason instead of running HTML.
 */
export async function joinScriptResponse(runtime: Pick<ApiRuntime, "config" | "deps">, req: Request, clusterId: string): Promise<Response> {
  const { config } = runtime;
  const { join, limiters } = runtime.deps;
  const ip = clientIp(req.headers, config.trustedProxyCidrs) ?? "unknown";
  const decision = limiters.join.take(`join:${ip}`);
  if (!decision.allowed) {
    return plain(429, `too many join script downloads from ${ip}; retry in ${decision.retryAfterSeconds}s`, { "Retry-After": String(decision.retryAfterSeconds) });
  }
  try {
    const script = await serveJoinScript(join, { clusterId, token: new URL(req.url).searchParams.get("token") });
    return new Response(script, { status: 200, headers: { "Content-Type": "text/x-shellscript; charset=utf-8", "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError) return plain(STATUS[error.code] ?? 400, error.message);
    join.log.error("join script failed", { cluster_id: clusterId, err: error });
    return plain(500, "internal error while preparing the join script; try again");
  }
}

function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  // `exit 1` makes a piped `curl -f … | sh -` stop even if curl's -f was dropped.
  return new Response(`echo "kubebyon: ${message.replace(/["$`\\]/g, "")}" >&2\nexit 1\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
