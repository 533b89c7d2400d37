import type { ApiRuntime } from "@/server/api/api-runtime";
import { AppError } from "@/server/domain/errors";
import { shQuote } from "@/server/domain/join-sessions/join-wrapper-script";
import { serveJoinWrapper } from "@/server/services/join-sessions/serve-join-wrapper";
import { clientIp } from "./client-ip";

const STATUS: Partial<Record<AppError["code"], number>> = { UNAUTHORIZED: 401, PRECONDITION_FAILED: 503, NOT_FOUND: 404 };

/**
 * GET /api/join/clusters/{id}/script?token=: what `curl … | sh -` downloads — the platform's join wrapper for a new
 * join session (docs/join-sessions.md). Rate-limited per client address (KUBEBYON_JOIN_RATE_LIMIT_*: 429 with
 * Retry-After). Every refusal is itself a valid sh script that prints the reason and exits 1, so a piped `sh`
 * shows why instead of running HTML.
 */
export async function joinScriptResponse(runtime: Pick<ApiRuntime, "config" | "deps">, req: Request, clusterId: string): Promise<Response> {
  const { config } = runtime;
  const { join, limiters } = runtime.deps;
  const ip = clientIp(req.headers, config.trustedProxyCidrs);
  const decision = limiters.join.take(`join:${ip ?? "unknown"}`);
  if (!decision.allowed) {
    return shellRefusal(429, `too many join script downloads from ${ip ?? "unknown"}; retry in ${decision.retryAfterSeconds}s`, { "Retry-After": String(decision.retryAfterSeconds) });
  }
  try {
    const answer = await serveJoinWrapper(join, { clusterId, token: new URL(req.url).searchParams.get("token"), clientIp: ip });
    if (answer.kind === "refused") return shellRefusal(403, `${answer.failure.reason}: ${answer.failure.message}`);
    return new Response(answer.script, { status: 200, headers: { "Content-Type": "text/x-shellscript; charset=utf-8", "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError) return shellRefusal(STATUS[error.code] ?? 400, error.message);
    join.log.error("join script failed", { cluster_id: clusterId, err: error });
    return shellRefusal(500, "internal error while preparing the join script; try again");
  }
}

/** A body that is valid sh: prints the message on stderr and exits 1 (even if curl's -f was dropped). */
export function shellRefusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`echo ${shQuote(`kubebyon: ${message}`)} >&2\nexit 1\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
