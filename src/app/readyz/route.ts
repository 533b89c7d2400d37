import { observeRequest } from "@/server/api/http/observe-request";
import { readinessResponse } from "@/server/api/http/readiness";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

export function GET(req: Request): Promise<Response> {
  const runtime = getRuntime();
  return observeRequest(runtime, "/readyz", req, () => readinessResponse(runtime), { log: false });
}
