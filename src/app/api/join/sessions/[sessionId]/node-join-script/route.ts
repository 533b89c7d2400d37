import { nodeJoinScriptResponse } from "@/server/api/http/join-session-endpoints";
import { observeRequest } from "@/server/api/http/observe-request";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ sessionId: string }> };

export async function GET(req: Request, context: RouteContext): Promise<Response> {
  const { sessionId } = await context.params;
  const runtime = getRuntime();
  return observeRequest(runtime, "/api/join/sessions/{id}/node-join-script", req, (r) => nodeJoinScriptResponse(runtime, r, sessionId));
}
