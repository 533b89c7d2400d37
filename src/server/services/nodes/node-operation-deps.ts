import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { NodeOperator, NodeReader } from "./ports";

/** What every node use case needs: ownership + connection, the node reader and operator, the audit trail. */
export interface NodeOperationDeps extends ServiceDeps, ClusterConnectionDeps {
  /** Live node reads against a cluster's own API server. */
  nodeReader: NodeReader;
  nodeOperator: NodeOperator;
}

/** Audit target id of a node: node names are only unique within a cluster. */
export const nodeAuditTarget = (clusterId: string, nodeName: string) => `${clusterId}/${nodeName}`;
