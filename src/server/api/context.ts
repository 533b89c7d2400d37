import { randomUUID } from "node:crypto";
import { requireAuthSecret, type Config } from "@/server/config/env";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { Logger } from "@/server/observability/logger";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { ApiDeps, ApiRuntime } from "./api-runtime";
import { authenticateRequest, type Authentication } from "./auth/authenticate-request";
import { clientIp } from "./http/client-ip";
import { isCrossSiteRequest } from "./http/cross-site";

export interface ApiContext {
  /** Every use case's dependencies (see ApiDeps); the only way a procedure reaches them. */
  deps: ApiDeps;
  config: Config;
  log: Logger;
  requestId: string;
  origin: RequestOrigin;
  viewer: Viewer | null;
  authFailure: Authentication["failure"];
  crossSiteSession: boolean;
}

/** Builds the per-request context for tRPC, the REST adapter and the server-side caller alike. */
export async function createApiContext(runtime: ApiRuntime, input: { headers: Headers; method: string; requestId?: string }): Promise<ApiContext> {
  const { config, deps, log } = runtime;
  const requestId = input.requestId ?? (input.headers.get("x-request-id")?.slice(0, 64) || randomUUID());
  const auth = await authenticateRequest(deps, input.headers, requireAuthSecret(config));
  return {
    deps,
    config,
    log: log.child({ request_id: requestId }),
    requestId,
    origin: { ip: clientIp(input.headers, config.trustedProxyCidrs), userAgent: input.headers.get("user-agent") },
    viewer: auth.viewer,
    authFailure: auth.failure,
    crossSiteSession: auth.viewer?.auth.method === "session" && isCrossSiteRequest(input.method, input.headers, config.corsAllowedOrigins),
  };
}
