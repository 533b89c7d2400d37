import { observeRequest } from "@/server/api/http/observe-request";
import { joinScriptResponse } from "@/server/api/http/join-script";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ clusterId: string }> };

export async function GET(req: Request, context: RouteContext): Promise<Response> {
  const { clusterId } = await context.params;
  return observeRequest("/api/join/clusters/{id}/script", (r: Request) => joinScriptResponse(r, clusterId))(req);
}
