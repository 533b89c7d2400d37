import { z } from "zod";

/** Lifecycle of a cluster row (PostgreSQL enum ClusterStatus); deleted rows are kept as history. */
export const clusterStatuses = ["provisioning", "ready", "updating", "error", "deleting", "deleted"] as const;
export const clusterStatusSchema = z.enum(clusterStatuses);
export type ClusterStatus = z.infer<typeof clusterStatusSchema>;

/** A cluster on its way out (or gone): its delete owns it now, so jobs, records and edges let it go. */
export const leavingClusterStatuses = ["deleting", "deleted"] as const satisfies readonly ClusterStatus[];

/** Result of the platform's last probe of the control plane (PostgreSQL enum ConnectionStatus). */
export const connectionStatuses = ["unknown", "connected", "unreachable", "disabled"] as const;
export const connectionStatusSchema = z.enum(connectionStatuses);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

/** State of the managed workload ingress (PostgreSQL enum ManagedIngressStatus). */
export const managedIngressStatuses = ["disabled", "provisioning", "ready", "error"] as const;
export const managedIngressStatusSchema = z.enum(managedIngressStatuses);

/** State of the platform's own DNS automation, not whether public DNS resolves (PostgreSQL enum DnsSyncStatus). */
export const dnsSyncStatuses = ["disabled", "pending", "synced", "error"] as const;
export const dnsSyncStatusSchema = z.enum(dnsSyncStatuses);

/** What the workload edge syncer last did for a cluster or a hostname binding (PostgreSQL enum WorkloadEdgeStatus). */
export const workloadEdgeStatuses = ["disabled", "pending", "ready", "error"] as const;
export const workloadEdgeStatusSchema = z.enum(workloadEdgeStatuses);
export type WorkloadEdgeStatus = z.infer<typeof workloadEdgeStatusSchema>;

/** Where the shim EndpointSlice points: the controller's pod IPs, the joined nodes' NodePort, or nowhere yet (PostgreSQL enum WorkloadEdgeBackend). */
export const workloadEdgeBackends = ["pod_ip", "node_port", "none"] as const;
export const workloadEdgeBackendSchema = z.enum(workloadEdgeBackends);
