import { avatarResponse } from "@/server/api/http/avatar-response";
import { observeRequest } from "@/server/api/http/observe-request";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ userId: string }> };

export async function GET(req: Request, context: RouteContext): Promise<Response> {
  const { userId } = await context.params;
  return observeRequest("/api/avatars/{user_id}", (r: Request, requestId: string) => avatarResponse(r, userId, requestId))(req);
}
