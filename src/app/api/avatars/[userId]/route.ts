import { avatarResponse } from "@/server/api/http/avatar-response";
import { observeRequest } from "@/server/api/http/observe-request";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ userId: string }> };

export async function GET(req: Request, context: RouteContext): Promise<Response> {
  const { userId } = await context.params;
  const runtime = getRuntime();
  return observeRequest(runtime, "/api/avatars/{user_id}", req, (r, requestId) => avatarResponse(runtime, r, userId, requestId));
}
