import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { GatewayStatusView, RouteStatusView } from "@/server/domain/gateway-api/route-acceptance";
import type { ControllerBackendView } from "@/server/domain/workload-edge/backend-decision";

/**
 * Ports of the workload edge syncer (issue 13, docs/workload-edge.md). One real implementation each:
 * infra/kube/workload-edge-object-store.ts, infra/kube/managed-ingress-controller-reader.ts,
 * infra/net/tcp-connect-probe.ts.
 */

/** An object the syncer writes: a plain manifest as the domain builders return it. */
export interface WorkloadEdgeManifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; labels?: Record<string, string> };
}

/** An object the syncer owns, as found on the host (it carries kubebyon.io/component=workload-edge). */
export interface OwnedWorkloadEdgeObject {
  apiVersion: string;
  kind: "HTTPRoute" | "Service" | "EndpointSlice" | "Certificate";
  namespace: string;
  name: string;
  /** Its kubebyon.io/cluster-id label; null when it has none. */
  clusterId: string | null;
}

/** A cert-manager Certificate's Ready condition (status.conditions[type=Ready]); absent: cert-manager has not looked yet. */
export interface CertificateReadiness {
  /** Ready=True for the object's current generation (a condition cert-manager wrote before the last spec change does not count). */
  ready: boolean;
  /** The condition's reason and message, or "not issued yet" when there is no condition. */
  message: string;
  /** spec.dnsNames as read: a name just added to the Certificate is not covered by an older Ready. */
  dnsNames: string[];
}

/** The host cluster's side of the workload edge. Failed calls throw with the apiserver's message. */
export interface WorkloadEdgeObjectStore {
  /** Server-side apply (field manager WORKLOAD_TLS_FIELD_MANAGER, force) of one manifest; also used for the Gateway's listener patch. */
  apply(manifest: WorkloadEdgeManifest): Promise<void>;
  /** Every HTTPRoute, Service, EndpointSlice and Certificate labelled kubebyon.io/component=workload-edge, in all namespaces. */
  listOwned(): Promise<OwnedWorkloadEdgeObject[]>;
  /** Deletes one owned object; one already gone is not an error. */
  delete(object: OwnedWorkloadEdgeObject): Promise<void>;
  /** Ready condition of these Certificates in `namespace`, by name (a name with no object is left out). */
  certificateReadiness(namespace: string, names: readonly string[]): Promise<Map<string, CertificateReadiness>>;
  /** The HTTPRoute's generation and status.parents as the Gateway controller wrote them; null when it does not exist. */
  readRouteStatus(namespace: string, name: string): Promise<RouteStatusView | null>;
  /** The Gateway's class, generation and status.listeners; null when it does not exist. */
  readGatewayStatus(namespace: string, name: string): Promise<GatewayStatusView | null>;
}

/**
 * Reads, through the cluster's own API server, what the backend decision needs: the managed ingress
 * controller's pods (profile readiness.deployment's, by the Deployment's selector) with pod IP and
 * Ready, its Service's `http` NodePort, and the cluster's joined Nodes (Ready + status.addresses).
 */
export interface ManagedIngressControllerReader {
  read(credentials: ClusterCredentials): Promise<ControllerBackendView>;
}

/** TCP connects from this process: which of `ips` accepted a connection on `port` within the probe timeout. */
export interface ReachabilityProbe {
  reachable(ips: readonly string[], port: number): Promise<Set<string>>;
}
