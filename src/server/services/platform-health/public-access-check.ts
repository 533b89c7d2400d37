import { GATEWAY_API_GROUP, TLS_ROUTE_KIND, TLS_ROUTE_VERSION } from "@/server/domain/clusters/control-plane-tls-route";
import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import { validatePublicAccess } from "@/server/domain/clusters/public-access";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import type { PlatformHealthDeps } from "./platform-health-deps";
import type { CheckOutcome } from "./platform-health-view";

type PublicAccessDeps = Pick<PlatformHealthDeps, "db" | "hostClusterProblem" | "hostInspector">;
export type PublicAccessCheck = (deps: PublicAccessDeps, signal: AbortSignal) => Promise<CheckOutcome>;

const RUNBOOK = "docs/runbooks/deploy-gateway-api-public-access.md";
/** What the gatewayapi provider writes (TLSRoute) and attaches to (Gateway), both gateway.networking.k8s.io/v1. */
const GATEWAY_API_VERSION = `${GATEWAY_API_GROUP}/${TLS_ROUTE_VERSION}`;
const REQUIRED_GATEWAY_KINDS = [TLS_ROUTE_KIND, "Gateway"] as const;

const LOAD_BALANCER_NEEDED = "LoadBalancer Services need a load balancer in the host cluster (k3s ServiceLB, MetalLB, cloud).";
/** Clusters named in a finding; the count covers the rest. */
const NAMED_AT_MOST = 5;

/**
 * servicelb: the platform cannot see the load balancer itself, only its answer: the ready loadbalancer
 * clusters whose control-plane Service still has no status.loadBalancer.ingress (no load balancer, or
 * one that ran out of addresses). A Service that does not exist is another check's business (the job's).
 */
const checkServiceLb: PublicAccessCheck = async (deps, signal) => {
  if (deps.hostClusterProblem()) return { status: "ok", detail: LOAD_BALANCER_NEEDED };
  const clusters = await deps.db.cluster.findMany({
    where: { status: "ready", publicAccessEnabled: true, publicAccessMode: "loadbalancer" },
    select: { namespace: true, vclusterName: true },
    orderBy: { createdAt: "asc" },
  });
  if (clusters.length === 0) return { status: "ok", detail: LOAD_BALANCER_NEEDED };
  const inspector = deps.hostInspector();
  const counts = await Promise.all(clusters.map((c) => inspector.loadBalancerAddressCount(c.namespace, c.vclusterName, signal)));
  const withService = counts.filter((n) => n !== null).length;
  const waiting = clusters.filter((_, i) => counts[i] === 0).map((c) => `${c.namespace}/${c.vclusterName}`);
  if (withService === 0) return { status: "ok", detail: LOAD_BALANCER_NEEDED };
  if (waiting.length === 0) {
    return { status: "ok", detail: `${LOAD_BALANCER_NEEDED} Every ready loadbalancer cluster's Service has an address (${withService}).` };
  }
  const named = waiting.slice(0, NAMED_AT_MOST).join(", ") + (waiting.length > NAMED_AT_MOST ? ", …" : "");
  return {
    status: "warning",
    detail: `${waiting.length} of ${withService} ready loadbalancer clusters' Services have no load balancer address yet (${named}).`,
    nextStep:
      "Check that the host cluster has a load balancer that serves Services of type LoadBalancer (k3s ServiceLB, MetalLB, a cloud controller) and has addresses left: kubectl get service -n <namespace> <name> shows EXTERNAL-IP <pending> until it assigns one.",
  };
};

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
 * haproxy and gatewayapi route by SNI, so a loadbalancer cluster whose control_plane_host is an IP or carries
 * another port than 443 — accepted when the deployment ran servicelb, before a provider change — cannot be
 * reached: the edge leaves it out. Judged by the rule create and update apply (validatePublicAccess).
 */
function sniNamesCheck(provider: PublicAccessProvider): PublicAccessCheck {
  return async (deps) => {
    const clusters = await deps.db.cluster.findMany({
      where: { status: { notIn: [...leavingClusterStatuses] }, publicAccessEnabled: true, publicAccessMode: "loadbalancer" },
      select: { namespace: true, vclusterName: true, controlPlaneHost: true },
      orderBy: { createdAt: "asc" },
    });
    const unroutable = clusters.filter((c) => validatePublicAccess({ enabled: true, mode: "loadbalancer", controlPlaneHost: c.controlPlaneHost, provider }) !== null);
    if (unroutable.length === 0) {
      return { status: "ok", detail: `Every loadbalancer cluster has a control_plane_host the ${provider} edge can route by SNI (${clusters.length}).` };
    }
    const named = unroutable.slice(0, NAMED_AT_MOST).map((c) => `${c.namespace}/${c.vclusterName} (${c.controlPlaneHost ?? "none"})`).join(", ") + (unroutable.length > NAMED_AT_MOST ? ", …" : "");
    return {
      status: "warning",
      detail: `${unroutable.length} of ${clusters.length} loadbalancer clusters have a control_plane_host the ${provider} edge cannot route by SNI, so they are not reachable on :443: ${named}.`,
      nextStep: "Give each of them a DNS name (no IP, no port other than 443) that points at the edge — the owner edits the cluster's public access — or switch them to public_access_mode nodeport.",
    };
  };
}

const checkHaproxyEdge = sniNamesCheck("haproxy");
const checkGatewayApiNames = sniNamesCheck("gatewayapi");

/** The CRDs first (without them nothing is routed), then the names. */
const checkGatewayApi: PublicAccessCheck = async (deps, signal) => {
  const crds = await checkGatewayApiCrds(deps, signal);
  if (crds.status !== "ok") return crds;
  const names = await checkGatewayApiNames(deps, signal);
  return names.status === "ok" ? { status: "ok", detail: `${crds.detail} ${names.detail}` } : names;
};

/**
 * The public_access check per KUBEBYON_PUBLIC_ACCESS_PROVIDER: what serving loadbalancer clusters needs from the
 * host cluster. Undefined: no such check, the page shows only the provider line.
 */
const PROVIDER_CHECKS: Record<PublicAccessProvider, PublicAccessCheck | undefined> = {
  servicelb: checkServiceLb,
  gatewayapi: checkGatewayApi,
  // The edge loop's own passes are not visible here: in multi-node mode a web process answers this page, and the
  // loops run in the workers, each for its own HAProxy (docs/control-plane-edge.md "Runtime").
  haproxy: checkHaproxyEdge,
};

export function publicAccessCheckFor(provider: PublicAccessProvider): PublicAccessCheck | undefined {
  return PROVIDER_CHECKS[provider];
}
