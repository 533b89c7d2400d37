import { getRuntime } from "@/server/composition/web-runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  const { registry } = getRuntime().metrics;
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType } });
}
