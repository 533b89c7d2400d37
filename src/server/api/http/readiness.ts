import type { ApiRuntime } from "@/server/api/api-runtime";
import { checkReadiness } from "@/server/services/health/check-readiness";

/** GET /readyz: 200 when the database (and RabbitMQ, when configured) answer, else 503 with the failing check. */
export async function readinessResponse(runtime: Pick<ApiRuntime, "readinessProbes">): Promise<Response> {
  const report = await checkReadiness(runtime.readinessProbes);
  return Response.json(report, { status: report.status === "ok" ? 200 : 503 });
}
