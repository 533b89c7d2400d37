import type { ApiRuntime } from "@/server/api/api-runtime";
import { AppError } from "@/server/domain/errors";
import { MAX_JOIN_REPORT_BYTES } from "@/server/domain/join-sessions/join-session-limits";
import { bearerSecret } from "@/server/domain/join-sessions/session-secret";
import { recordJoinSessionReport } from "@/server/services/join-sessions/record-join-session-report";
import { serveNodeJoinScript } from "@/server/services/join-sessions/serve-node-join-script";
import { clientIp } from "./client-ip";

const STATUS: Partial<Record<AppError["code"], number>> = { BAD_REQUEST: 400, UNAUTHORIZED: 401, NOT_FOUND: 404, CONFLICT: 409, PRECONDITION_FAILED: 503 };

type Runtime = Pick<ApiRuntime, "config" | "deps">;

/** Plain text the wrapper prints as it is (`continue`, `stop <reason>: <message>`, or an error message). */
const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/** Per session and per client address (domain/join-sessions/join-session-limits.ts); undefined when allowed. */
function limited(runtime: Runtime, req: Request, sessionId: string): Response | undefined {
  const ip = clientIp(req.headers, runtime.config.trustedProxyCidrs) ?? "unknown";
  for (const [limiter, key] of [
    [runtime.deps.limiters.joinEventsPerIp, ip],
    [runtime.deps.limiters.joinEventsPerSession, sessionId],
  ] as const) {
    const decision = limiter.take(key);
    if (!decision.allowed) return text(429, `too many join session requests; retry in ${decision.retryAfterSeconds}s`, { "Retry-After": String(decision.retryAfterSeconds) });
  }
  return undefined;
}

function failed(runtime: Runtime, error: unknown, sessionId: string): Response {
  if (error instanceof AppError) return text(STATUS[error.code] ?? 400, error.message);
  runtime.deps.join.log.error("join session request failed", { session_id: sessionId, err: error });
  return text(500, "internal error while recording the join session; run the join command again");
}

/** POST /api/join/sessions/{id}/events (form-urlencoded, `Authorization: Bearer <session secret>`). */
export async function joinSessionEventsResponse(runtime: Runtime, req: Request, sessionId: string): Promise<Response> {
  const refusal = limited(runtime, req, sessionId);
  if (refusal) return refusal;
  try {
    if (Number(req.headers.get("content-length") ?? 0) > MAX_JOIN_REPORT_BYTES) return text(413, `a join session report is at most ${MAX_JOIN_REPORT_BYTES} bytes`);
    const body = await req.text();
    if (Buffer.byteLength(body) > MAX_JOIN_REPORT_BYTES) return text(413, `a join session report is at most ${MAX_JOIN_REPORT_BYTES} bytes`);
    const fields = Object.fromEntries(new URLSearchParams(body));
    const answer = await recordJoinSessionReport(runtime.deps.join, { sessionId, secret: bearerSecret(req.headers.get("authorization")), fields });
    return text(200, answer.kind === "continue" ? "continue" : `stop ${answer.failure.reason}: ${answer.failure.message}`);
  } catch (error) {
    return failed(runtime, error, sessionId);
  }
}

/** GET /api/join/sessions/{id}/node-join-script (`Authorization: Bearer <session secret>`, `X-Join-Token: <token>`). */
export async function nodeJoinScriptResponse(runtime: Runtime, req: Request, sessionId: string): Promise<Response> {
  const refusal = limited(runtime, req, sessionId);
  if (refusal) return refusal;
  try {
    const answer = await serveNodeJoinScript(runtime.deps.join, { sessionId, secret: bearerSecret(req.headers.get("authorization")), token: req.headers.get("x-join-token") });
    if (answer.kind === "failed") return text(502, `${answer.failure.reason}: ${answer.failure.message}`);
    return new Response(answer.script, { status: 200, headers: { "Content-Type": "text/x-shellscript; charset=utf-8", "Cache-Control": "no-store" } });
  } catch (error) {
    return failed(runtime, error, sessionId);
  }
}
