import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { nextAuthOptions } from "@/server/api/auth/next-auth-options";
import { observeRequest } from "@/server/api/http/observe-request";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// next-auth v4 reads the catch-all segments from the route context and needs Next's own request object.
function handle(req: NextRequest, context: RouteContext): Promise<Response> {
  const runtime = getRuntime();
  return observeRequest(runtime, "/api/auth", req, async (r) => NextAuth(await nextAuthOptions(runtime, r.headers))(r, context) as Promise<Response>);
}

export { handle as GET, handle as POST };
