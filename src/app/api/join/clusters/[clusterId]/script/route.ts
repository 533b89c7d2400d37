import { joinScriptResponse } from "@/server/api/http/join-script";
import { observeRequest } from "@/server/api/http/observe-request";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ clusterId: string }> };

export async function GET(req: Request, context: RouteContext): Promise<Response> {
  const { clusterId } = await context.params;
  const runtime = getRuntime();
  return observeRequest(runtime, "/api/join/clusters/{id}/script", req, (r) => joinScriptResponse(runtime, r, clusterId));
}
