import { randomUUID } from "node:crypto";
import { getRuntime } from "@/server/composition/runtime";
import { requireAuthSecret } from "@/server/config/env";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { Logger } from "@/server/observability/logger";
import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";
import type { JoinDeps } from "@/server/services/join-tokens/join-runtime-deps";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import type { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import { authenticateRequest, type Authentication } from "./auth/authenticate-request";
import { clientIp } from "./http/client-ip";
import { isCrossSiteRequest } from "./http/cross-site";

export interface ApiContext {
  deps: ServiceDeps;
  log: Logger;
  requestId: string;
  origin: RequestOrigin;
  viewer: Viewer | null;
  authFailure: Authentication["failure"];
  crossSiteSession: boolean;
  limiters: { auth: TokenBucketLimiter; join: TokenBucketLimiter };
  /** Host-cluster adapters for procedures that talk to a cluster (join tokens, nodes, kubectl). */
  cluster: ClusterRuntimeDeps;
  join: JoinDeps;
}

/** Builds the per-request context for tRPC, the REST adapter and the server-side caller alike. */
export async function createApiContext(input: { headers: Headers; method: string; requestId?: string }): Promise<ApiContext> {
  const { config, deps, log, limiters, clusterRuntime, join } = getRuntime();
  const requestId = input.requestId ?? (input.headers.get("x-request-id")?.slice(0, 64) || randomUUID());
  const auth = await authenticateRequest(deps, input.headers, requireAuthSecret(config));
  return {
    deps,
    log: log.child({ request_id: requestId }),
    requestId,
    origin: { ip: clientIp(input.headers, config.trustedProxyCidrs), userAgent: input.headers.get("user-agent") },
    viewer: auth.viewer,
    authFailure: auth.failure,
    crossSiteSession: auth.viewer?.auth.method === "session" && isCrossSiteRequest(input.method, input.headers, config.corsAllowedOrigins),
    limiters,
    cluster: clusterRuntime,
    join,
  };
}
