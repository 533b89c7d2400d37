import { servedOpenApiDocument } from "@/server/api/openapi";
import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  return Response.json(await servedOpenApiDocument(getRuntime().deps));
}
