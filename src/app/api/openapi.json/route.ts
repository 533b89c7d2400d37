import { openApiDocument } from "@/server/api/openapi";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  const base = new URL("/api/console", req.url).toString();
  return Response.json(openApiDocument(base));
}
