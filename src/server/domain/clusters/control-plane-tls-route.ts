import { isIP } from "node:net";
import type { ControlPlaneRouteAction } from "./operation-steps";
import { hostOnly, type PublicAccessMode } from "./public-access";
import type { PublicAccessProvider } from "./public-access-provider";
import { CONTROL_PLANE_SERVICE_PORT } from "./platform-route";

/**
 * The Gateway API provider of public access (issue 12): a shared Gateway with a TLS listener in
 * Passthrough mode on 443, and one TLSRoute per cluster in the cluster's host namespace sending
 * the SNI name control_plane_host to the vCluster's control-plane Service on 443. The gateway does
 * not terminate TLS, so kubectl still verifies the vCluster's own certificate.
 *
 * TLSRoute is gateway.networking.k8s.io/v1: in Gateway API v1.6 it is in the standard channel
 * (docs/control-plane-edge.md, "Gateway API provider").
 */
export const GATEWAY_API_GROUP = "gateway.networking.k8s.io";
export const TLS_ROUTE_VERSION = "v1";
export const TLS_ROUTE_PLURAL = "tlsroutes";
export const TLS_ROUTE_KIND = "TLSRoute";

/** The shared Gateway every cluster's route attaches to (deployment settings). */
export interface SharedGatewayRef {
  name: string;
  namespace: string;
  /** The Gateway's TLS Passthrough listener; unset attaches to every listener that allows TLSRoutes. */
  sectionName?: string;
}

/** The subset of a TLSRoute the platform writes; everything in it is owned by field manager "kubebyon". */
export interface TlsRouteManifest {
  apiVersion: `${typeof GATEWAY_API_GROUP}/${typeof TLS_ROUTE_VERSION}`;
  kind: typeof TLS_ROUTE_KIND;
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: {
    parentRefs: Array<{ group: typeof GATEWAY_API_GROUP; kind: "Gateway"; name: string; namespace: string; sectionName?: string }>;
    hostnames: string[];
    rules: Array<{ backendRefs: Array<{ group: ""; kind: "Service"; name: string; port: number }> }>;
  };
}

export type ControlPlaneTlsRoute = { kind: "ready"; route: TlsRouteManifest } | { kind: "refused"; reason: string };

/** One route per host namespace (one cluster each), named after the vCluster release. */
export function controlPlaneTlsRouteName(releaseName: string): string {
  return `${releaseName}-control-plane`;
}

/**
 * The TLSRoute for one cluster. `labels` are the platform's labels for the cluster's host objects
 * (services/clusters clusterOwnerLabels), so the route is found again by cluster and owner.
 * Refused, with what to change, when control_plane_host cannot be an SNI name: TLS clients never
 * send an IP address as SNI (RFC 6066 §3), so a route for an IP would never match.
 */
export function buildControlPlaneTlsRoute(input: {
  namespace: string;
  releaseName: string;
  controlPlaneHost: string | null | undefined;
  /**
   * Names routed to the cluster besides control_plane_host: the one a change replaced, while its
   * grace lasts (served-control-plane-hosts.ts). An IP among them is left out (SNI cannot carry it).
   */
  previousHosts?: readonly string[];
  gateway: SharedGatewayRef;
  labels: Record<string, string>;
}): ControlPlaneTlsRoute {
  const raw = input.controlPlaneHost?.trim() ?? "";
  if (raw === "") {
    return { kind: "refused", reason: "the Gateway API provider routes by the TLS SNI name control_plane_host, and this cluster has none: set control_plane_host to a DNS name that points at the shared Gateway" };
  }
  // A port in control_plane_host says where clients connect; the route matches the name only.
  const host = hostOnly(raw).toLowerCase().replace(/\.$/, "");
  if (isIP(host)) {
    return { kind: "refused", reason: `control_plane_host ${raw} is an IP address, but TLS clients send only DNS names as SNI, so the Gateway cannot route it: set control_plane_host to a DNS name that points at the shared Gateway, or use another public access provider` };
  }
  const parentRef: TlsRouteManifest["spec"]["parentRefs"][number] = {
    group: GATEWAY_API_GROUP,
    kind: "Gateway",
    name: input.gateway.name,
    namespace: input.gateway.namespace,
    ...(input.gateway.sectionName ? { sectionName: input.gateway.sectionName } : {}),
  };
  return {
    kind: "ready",
    route: {
      apiVersion: `${GATEWAY_API_GROUP}/${TLS_ROUTE_VERSION}`,
      kind: TLS_ROUTE_KIND,
      metadata: { name: controlPlaneTlsRouteName(input.releaseName), namespace: input.namespace, labels: { ...input.labels } },
      spec: {
        parentRefs: [parentRef],
        hostnames: [host, ...previousSniNames(input.previousHosts ?? [], host)],
        // The vcluster chart's Service is named after the release and maps 443 to the API's 8443 (KUBE-FACTS).
        rules: [{ backendRefs: [{ group: "", kind: "Service", name: input.releaseName, port: CONTROL_PLANE_SERVICE_PORT }] }],
      },
    },
  };
}

function previousSniNames(previous: readonly string[], current: string): string[] {
  const names: string[] = [];
  for (const raw of previous) {
    const name = hostOnly(raw.trim()).toLowerCase().replace(/\.$/, "");
    if (name && !isIP(name) && name !== current && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * What a create, update or delete does with the cluster's TLSRoute: only the gatewayapi provider has
 * one. `target` is the effective mode the create/update converges on, or "deleted". A loadbalancer
 * cluster publishes it; any other mode (nodeport, public access off) withdraws one a previous
 * loadbalancer setting left; a delete always withdraws it.
 */
export function controlPlaneRouteAction(provider: PublicAccessProvider, target: PublicAccessMode | "deleted"): ControlPlaneRouteAction {
  if (provider !== "gatewayapi") return null;
  return target === "loadbalancer" ? "publish" : "withdraw";
}
