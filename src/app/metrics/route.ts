import { metrics } from "@/server/observability/metrics";

export const dynamic = "force-dynamic";

export async function GET() {
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType } });
}
