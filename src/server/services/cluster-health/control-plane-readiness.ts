import type { ReadinessOutcome } from "@/server/domain/cluster-health/connection-rules";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";

/**
 * Port: asks a cluster's own API server whether it is ready (GET /readyz with the platform's credentials for it,
 * on the platform's route). Implemented in src/server/infra/kube/control-plane-readiness-probe.ts. Never throws: a
 * timeout, a refused connection, a TLS or credential failure and a not-ready answer are all `ok: false` with a
 * reason free of credentials.
 */
export interface ControlPlaneReadiness {
  check(credentials: ClusterCredentials, limits: { timeoutMs: number; signal?: AbortSignal }): Promise<ReadinessOutcome>;
}
