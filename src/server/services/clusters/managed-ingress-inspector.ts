import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { ManagedIngressObservation } from "@/server/domain/managed-ingress/ingress-check";

/**
 * Port: reads, never changes, what the managed ingress install left inside one vCluster (helm's release record, the
 * controller Deployment and Service, the IngressClass) for the periodic re-check (check-managed-ingress.ts). A missing
 * object is `null` in the observation; a cluster that cannot be read (unreachable, refused credentials, a timeout)
 * throws, so that "could not look" is never taken for "broken". Implemented in infra/kube/managed-ingress-inspector.ts.
 */
export interface ManagedIngressInspector {
  inspect(credentials: ClusterCredentials, signal?: AbortSignal): Promise<ManagedIngressObservation>;
}
