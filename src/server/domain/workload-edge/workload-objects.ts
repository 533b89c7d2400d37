import { isIP } from "node:net";
import { GATEWAY_API_GROUP } from "@/server/domain/clusters/control-plane-tls-route";

/**
 * The host objects of the workload edge's HTTP chain for one cluster (docs/workload-edge.md):
 * HTTPRoute `<release>-workload` on the shared workload Gateway → shim Service `<release>-workload-ingress`
 * (no selector) → EndpointSlice(s) of that Service → the managed ingress controller inside the vCluster.
 * All live in the cluster's host namespace and carry the cluster's labels plus WORKLOAD_EDGE_COMPONENT_LABEL,
 * which is how the syncer finds what it owns and removes what it no longer wants.
 */

export const HTTP_ROUTE_VERSION = "v1";
export const HTTP_ROUTE_PLURAL = "httproutes";
export const HTTP_ROUTE_KIND = "HTTPRoute";

/** Marks every object the workload edge syncer owns (with the cluster labels: kubebyon.io/cluster-id …). */
export const WORKLOAD_EDGE_COMPONENT_LABEL = "kubebyon.io/component";
export const WORKLOAD_EDGE_COMPONENT = "workload-edge";
/** EndpointSlices not made by the EndpointSlice controller name their manager here (KEP-0752). */
export const ENDPOINTSLICE_MANAGED_BY_LABEL = "endpointslice.kubernetes.io/managed-by";
// A label value: no "/" (the apiserver refuses it), so the manager is named as a domain, like endpointslice-controller.k8s.io.
export const ENDPOINTSLICE_MANAGED_BY = "workload-edge.kubebyon.io";
export const SERVICE_NAME_LABEL = "kubernetes.io/service-name";

/** The shim Service's port: the Gateway always talks plain HTTP to it; the EndpointSlice says where that really goes. */
export const SHIM_SERVICE_PORT = 80;
export const SHIM_PORT_NAME = "http";

/** The workload Gateway and its HTTP listener (KUBEBYON_WORKLOAD_GATEWAY_*). */
export interface WorkloadGatewayRef {
  name: string;
  namespace: string;
  sectionName: string;
}

export const workloadRouteName = (releaseName: string): string => `${releaseName}-workload`;
export const shimServiceName = (releaseName: string): string => `${releaseName}-workload-ingress`;
/** IPv4 keeps the Service's name; IPv6 endpoints (a dual-stack or IPv6 cluster) get their own slice, as addressType is per slice. */
export const endpointSliceName = (releaseName: string, family: EndpointAddressType): string =>
  family === "IPv4" ? shimServiceName(releaseName) : `${shimServiceName(releaseName)}-ipv6`;

export type EndpointAddressType = "IPv4" | "IPv6";

interface Metadata {
  name: string;
  namespace: string;
  labels: Record<string, string>;
}

export interface HttpRouteManifest {
  apiVersion: `${typeof GATEWAY_API_GROUP}/${typeof HTTP_ROUTE_VERSION}`;
  kind: typeof HTTP_ROUTE_KIND;
  metadata: Metadata;
  spec: {
    parentRefs: Array<{ group: typeof GATEWAY_API_GROUP; kind: "Gateway"; name: string; namespace: string; sectionName: string }>;
    hostnames: string[];
    rules: Array<{ backendRefs: Array<{ group: ""; kind: "Service"; name: string; port: number }> }>;
  };
}

export interface ShimServiceManifest {
  apiVersion: "v1";
  kind: "Service";
  metadata: Metadata;
  spec: { type: "ClusterIP"; ports: Array<{ name: string; protocol: "TCP"; port: number }> };
}

export interface EndpointSliceManifest {
  apiVersion: "discovery.k8s.io/v1";
  kind: "EndpointSlice";
  metadata: Metadata;
  addressType: EndpointAddressType;
  ports: Array<{ name: string; protocol: "TCP"; port: number }>;
  endpoints: Array<{ addresses: [string]; conditions: { ready: true } }>;
}

/** Where the shim sends traffic: addresses (IP literals) and the one port they all listen on. */
export interface WorkloadBackendTarget {
  addresses: readonly string[];
  port: number;
}

export interface WorkloadEdgeObjects {
  route: HttpRouteManifest;
  service: ShimServiceManifest;
  /** One per address family present; empty when there is no backend yet (the Gateway then answers 5xx). */
  endpointSlices: EndpointSliceManifest[];
}

/**
 * The route's hostnames: the cluster's CNAME target first, then its bindings, deduplicated and sorted
 * (hostnames are stored normalised: lower case, no trailing dot; normalizeBindingHostname). Sorted so an
 * unchanged set renders the same manifest and server-side apply leaves the object alone.
 */
export function workloadRouteHostnames(cnameTarget: string, bindingHostnames: readonly string[]): string[] {
  const target = cnameTarget.toLowerCase().replace(/\.$/, "");
  const rest = [...new Set(bindingHostnames.map((h) => h.toLowerCase().replace(/\.$/, "")))].filter((h) => h !== target).sort();
  return [target, ...rest];
}

export function buildWorkloadEdgeObjects(input: {
  namespace: string;
  releaseName: string;
  cnameTarget: string;
  bindingHostnames: readonly string[];
  gateway: WorkloadGatewayRef;
  /** The cluster's labels (services/clusters clusterOwnerLabels); the component label is added here. */
  clusterLabels: Record<string, string>;
  backend: WorkloadBackendTarget | null;
}): WorkloadEdgeObjects {
  const labels = { ...input.clusterLabels, [WORKLOAD_EDGE_COMPONENT_LABEL]: WORKLOAD_EDGE_COMPONENT };
  const serviceName = shimServiceName(input.releaseName);
  const meta = (name: string, extra: Record<string, string> = {}): Metadata => ({ name, namespace: input.namespace, labels: { ...labels, ...extra } });
  const route: HttpRouteManifest = {
    apiVersion: `${GATEWAY_API_GROUP}/${HTTP_ROUTE_VERSION}`,
    kind: HTTP_ROUTE_KIND,
    metadata: meta(workloadRouteName(input.releaseName)),
    spec: {
      parentRefs: [{ group: GATEWAY_API_GROUP, kind: "Gateway", name: input.gateway.name, namespace: input.gateway.namespace, sectionName: input.gateway.sectionName }],
      hostnames: workloadRouteHostnames(input.cnameTarget, input.bindingHostnames),
      rules: [{ backendRefs: [{ group: "", kind: "Service", name: serviceName, port: SHIM_SERVICE_PORT }] }],
    },
  };
  // No selector: the EndpointSlice controller leaves a selector-less Service's slices to whoever labels them
  // managed-by. No targetPort either: for such a Service the slice's port is where traffic goes.
  const service: ShimServiceManifest = {
    apiVersion: "v1",
    kind: "Service",
    metadata: meta(serviceName),
    spec: { type: "ClusterIP", ports: [{ name: SHIM_PORT_NAME, protocol: "TCP", port: SHIM_SERVICE_PORT }] },
  };
  const endpointSlices: EndpointSliceManifest[] = [];
  if (input.backend) {
    for (const family of ["IPv4", "IPv6"] as const) {
      const addresses = [...new Set(input.backend.addresses.filter((a) => isIP(a) === (family === "IPv4" ? 4 : 6)))].sort();
      if (addresses.length === 0) continue;
      endpointSlices.push({
        apiVersion: "discovery.k8s.io/v1",
        kind: "EndpointSlice",
        metadata: meta(endpointSliceName(input.releaseName, family), { [SERVICE_NAME_LABEL]: serviceName, [ENDPOINTSLICE_MANAGED_BY_LABEL]: ENDPOINTSLICE_MANAGED_BY }),
        addressType: family,
        ports: [{ name: SHIM_PORT_NAME, protocol: "TCP", port: input.backend.port }],
        endpoints: addresses.map((address) => ({ addresses: [address] as [string], conditions: { ready: true as const } })),
      });
    }
  }
  return { route, service, endpointSlices };
}
