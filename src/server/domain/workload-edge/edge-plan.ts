import type { WorkloadBackendDecision } from "./backend-decision";
import { dedicatedHttpsRoute, plainHttpRoutes, redirectRoutes, sharedHttpsRoutes, type EdgeHttpRouteManifest, type RouteContext } from "./edge-routes";
import { assignCertificates, type ClusterCertificates, type HostnameTls, type WorkloadTlsSettings } from "./edge-certificates";
import { buildGatewayListenersPatch, type CertificateManifest, type GatewayListenersPatch } from "./tls-objects";
import {
  buildWorkloadEdgeObjects,
  WORKLOAD_EDGE_COMPONENT,
  WORKLOAD_EDGE_COMPONENT_LABEL,
  workloadRouteHostnames,
  type EndpointSliceManifest,
  type ShimServiceManifest,
  type WorkloadGatewayRef,
} from "./workload-objects";

/**
 * The desired state of the whole workload edge in one pass (docs/workload-edge.md): for every cluster its
 * shim Service, EndpointSlices, Certificates and HTTPRoutes, the platform's listeners on the shared
 * Gateway, and how each hostname will be served (for the statuses). Pure: the service reads the inputs
 * (rows, backend decisions, certificate readiness), applies the manifests and deletes what is not here.
 */

export type DnsScope = "platform_managed" | "self_managed";

export interface EdgeClusterInput {
  id: string;
  namespace: string;
  /** The vCluster release (clusters.vcluster_name): object names derive from it. */
  release: string;
  /** clusterOwnerLabels: kubebyon.io/cluster-id … (the component label is added here). */
  labels: Record<string, string>;
  cnameTarget: string;
  /** Oldest first: a new binding never takes a listener from one already served. */
  bindings: ReadonlyArray<{ id: string; hostname: string; scope: DnsScope }>;
  /** null: the controller could not be read this pass; the cluster's objects are planned but the caller keeps what serves it now. */
  backend: WorkloadBackendDecision | null;
}

/** A Certificate as found on the host: Ready for its current generation, why not, and the names it lists. */
export interface CertificateState {
  ready: boolean;
  message: string;
  dnsNames: readonly string[];
}

export interface WorkloadEdgeSettings {
  gateway: WorkloadGatewayRef;
  tls: WorkloadTlsSettings;
}

export type EdgeManifest = ShimServiceManifest | EndpointSliceManifest | CertificateManifest | EdgeHttpRouteManifest;

export interface HostnamePlan {
  hostname: string;
  /** null for the cluster's CNAME target (unless a binding repeats it). */
  bindingId: string | null;
  tls: HostnameTls;
}

export interface ClusterEdgePlan {
  clusterId: string;
  /** In apply order: Service, EndpointSlices, Certificates, HTTPRoutes (a route's backend exists before the route). */
  manifests: EdgeManifest[];
  /** The CNAME target first, then the bindings. */
  hostnames: HostnamePlan[];
  backend: WorkloadBackendDecision | null;
}

export interface WorkloadEdgePlan {
  clusters: ClusterEdgePlan[];
  /** The platform's HTTPS listeners (none with TLS off: applying it removes them, the chart's http stays). */
  listenersPatch: GatewayListenersPatch;
}

export function planWorkloadEdge(input: {
  clusters: readonly EdgeClusterInput[];
  settings: WorkloadEdgeSettings;
  /** Ready condition of the Certificates found on the host, by name (absent: not issued), with the names each covers now. */
  certificateReadiness: ReadonlyMap<string, CertificateState>;
}): WorkloadEdgePlan {
  const { settings } = input;
  const assigned = assignCertificates({
    clusters: input.clusters.map((c) => ({ id: c.id, cnameTarget: c.cnameTarget, bindings: c.bindings, labels: withComponent(c.labels) })),
    gatewayNamespace: settings.gateway.namespace,
    tls: settings.tls,
  });
  const { patch, overflow } = buildGatewayListenersPatch({
    gateway: { name: settings.gateway.name, namespace: settings.gateway.namespace },
    certificates: assigned.flatMap((a) => a.certificates.map((c) => c.manifest)),
  });
  const overflowing = new Set(overflow);
  const clusters = input.clusters.map((cluster, i) => planCluster(cluster, settings.gateway, assigned[i] ?? { certificates: [], tls: new Map() }, overflowing, input.certificateReadiness));
  return { clusters, listenersPatch: patch };
}

const withComponent = (labels: Record<string, string>) => ({ ...labels, [WORKLOAD_EDGE_COMPONENT_LABEL]: WORKLOAD_EDGE_COMPONENT });

function planCluster(
  cluster: EdgeClusterInput,
  gateway: WorkloadGatewayRef,
  certs: ClusterCertificates,
  overflowing: ReadonlySet<string>,
  readiness: ReadonlyMap<string, CertificateState>,
): ClusterEdgePlan {
  const hostnames = workloadRouteHostnames(cluster.cnameTarget, cluster.bindings.map((b) => b.hostname));
  const cnameTarget = hostnames[0] ?? cluster.cnameTarget;
  const bindingOf = new Map(cluster.bindings.map((b) => [b.hostname.toLowerCase().replace(/\.$/, ""), b.id]));
  const plans: HostnamePlan[] = hostnames.map((hostname) => {
    let tls = certs.tls.get(hostname) ?? { kind: "off" };
    if (tls.kind === "pending" && overflowing.has(hostname)) {
      tls = { kind: "http-only", reason: "the workload Gateway has no room for another HTTPS listener (64 in all); remove hostname bindings or use another Gateway" };
    } else if (tls.kind === "pending") {
      const state = readiness.get(tls.certificate);
      // Ready counts for a hostname the certificate already lists: a name just added waits for the re-issue.
      if (state?.ready && state.dnsNames.includes(hostname)) tls = { kind: "ready", certificate: tls.certificate, dedicated: tls.dedicated };
      else if (state?.ready) tls = { ...tls, message: "being re-issued to add this name" };
      else if (state) tls = { ...tls, message: state.message };
    }
    return { hostname, bindingId: bindingOf.get(hostname) ?? null, tls };
  });

  const ctx: RouteContext = { namespace: cluster.namespace, releaseName: cluster.release, gateway, labels: withComponent(cluster.labels) };
  const target = cluster.backend && cluster.backend.mode !== "none" ? { addresses: cluster.backend.addresses, port: cluster.backend.port } : null;
  const { service, endpointSlices } = buildWorkloadEdgeObjects({
    namespace: cluster.namespace,
    releaseName: cluster.release,
    cnameTarget: cluster.cnameTarget,
    bindingHostnames: [],
    gateway,
    clusterLabels: cluster.labels,
    backend: target,
  });
  const over = (p: HostnamePlan) => p.tls.kind === "http-only" && overflowing.has(p.hostname);
  const https = plans.filter((p) => p.tls.kind === "pending" || p.tls.kind === "ready");
  const dedicated = (p: HostnamePlan) => (p.tls.kind === "pending" || p.tls.kind === "ready") && p.tls.dedicated;
  const routes = [
    ...plainHttpRoutes(ctx, plans.filter((p) => p.tls.kind !== "ready").map((p) => p.hostname)),
    ...redirectRoutes(ctx, plans.filter((p) => p.tls.kind === "ready").map((p) => p.hostname)),
    ...sharedHttpsRoutes(ctx, https.filter((p) => !dedicated(p)).map((p) => p.hostname)),
    ...https.filter(dedicated).map((p) => dedicatedHttpsRoute(ctx, p.hostname, cnameTarget)),
  ];
  // A dedicated Certificate whose hostname got no listener would be issued for nothing.
  const certificates = certs.certificates.filter((c) => !(c.dedicated && c.manifest.spec.dnsNames.every((h) => plans.some((p) => p.hostname === h && over(p)))));
  return {
    clusterId: cluster.id,
    manifests: [service, ...endpointSlices, ...certificates.map((c) => c.manifest), ...routes],
    hostnames: plans,
    backend: cluster.backend,
  };
}
