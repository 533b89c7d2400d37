import type { ClusterRuntimeDeps } from "@/server/services/clusters/cluster-runtime-deps";

/** What every node operation use case needs: ownership + connection, the node reader and operator, the audit trail. */
export type NodeOperationDeps = Pick<ClusterRuntimeDeps, "db" | "log" | "now" | "resolver" | "resolveOptions" | "nodeReader" | "nodeOperator">;

/** Audit target id of a node: node names are only unique within a cluster. */
export const nodeAuditTarget = (clusterId: string, nodeName: string) => `${clusterId}/${nodeName}`;
