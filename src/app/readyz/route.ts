import { observeRequest } from "@/server/api/http/observe-request";
import { readinessResponse } from "@/server/api/http/readiness";

export const dynamic = "force-dynamic";

export const GET = observeRequest("/readyz", readinessResponse, { log: false });
