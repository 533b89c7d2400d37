import { GATEWAY_API_GROUP, TLS_ROUTE_KIND, TLS_ROUTE_VERSION } from "@/server/domain/clusters/control-plane-tls-route";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { PlatformHealthDeps } from "./platform-health-deps";
import type { CheckOutcome } from "./platform-health-view";

type PublicAccessDeps = Pick<PlatformHealthDeps, "hostClusterProblem" | "hostInspector">;
export type PublicAccessCheck = (deps: PublicAccessDeps, signal: AbortSignal) => Promise<CheckOutcome>;

const RUNBOOK = "docs/runbooks/deploy-gateway-api-public-access.md";
/** What the gatewayapi provider writes (TLSRoute) and attaches to (Gateway), both gateway.networking.k8s.io/v1. */
const GATEWAY_API_VERSION = `${GATEWAY_API_GROUP}/${TLS_ROUTE_VERSION}`;
const REQUIRED_GATEWAY_KINDS = [TLS_ROUTE_KIND, "Gateway"] as const;

// Whether a load balancer answers is the host cluster's business: the platform can only say what it needs.
const checkServiceLb: PublicAccessCheck = () =>
  Promise.resolve({ status: "ok", detail: "LoadBalancer Services need a load balancer in the host cluster (k3s ServiceLB, MetalLB, cloud)." });

const checkGatewayApiCrds: PublicAccessCheck = async (deps, signal) => {
  if (deps.hostClusterProblem()) return { status: "skipped", detail: "No host cluster is configured (see host_apiserver)." };
  const served = await deps.hostInspector().servedKinds(GATEWAY_API_VERSION, REQUIRED_GATEWAY_KINDS, signal);
  const missing = REQUIRED_GATEWAY_KINDS.filter((kind) => !served.includes(kind));
  if (missing.length === 0) return { status: "ok", detail: `The host cluster serves ${REQUIRED_GATEWAY_KINDS.join(" and ")} (${GATEWAY_API_VERSION}).` };
  return {
    status: "error",
    detail: `The host cluster does not serve ${missing.join(" and ")} (${GATEWAY_API_VERSION}): the Gateway API CRDs are not installed, or are older than v1.5, so no loadbalancer cluster gets its TLSRoute.`,
    nextStep: `Install the Gateway API CRDs, standard channel v1.5 or newer (kubectl apply --server-side -f https://github.com/kubernetes-sigs/gateway-api/releases/download/v1.6.3/standard-install.yaml), and a Gateway controller with TLSRoute passthrough; see ${RUNBOOK}.`,
  };
};

/**
 * The public_access check per KUBEBYON_PUBLIC_ACCESS_PROVIDER: what serving loadbalancer clusters needs from the
 * host cluster. Undefined: no such check, the page shows only the provider line.
 */
const PROVIDER_CHECKS: Record<PublicAccessProvider, PublicAccessCheck | undefined> = {
  servicelb: checkServiceLb,
  gatewayapi: checkGatewayApiCrds,
  // HAPROXY_EDGE_CHECK: the HAProxy edge loop (docs/control-plane-edge.md) reports its own state; its check goes
  // here, or becomes a health check of its own.
  haproxy: undefined,
};

export function publicAccessCheckFor(provider: PublicAccessProvider): PublicAccessCheck | undefined {
  return PROVIDER_CHECKS[provider];
}
