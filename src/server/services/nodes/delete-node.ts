import type { Viewer } from "@/server/domain/auth/viewer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import { nodeAuditTarget, type NodeOperationDeps } from "./node-operation-deps";
import { openClusterConnection } from "./open-cluster-connection";

/**
 * Removes the Node object from the cluster (the machine itself is untouched:
 * a kubelet still running there registers it again). Idempotent: a node that
 * is already gone counts as deleted.
 */
export async function deleteNode(
  deps: NodeOperationDeps,
  viewer: Viewer,
  input: { clusterId: string; nodeName: string },
  origin?: RequestOrigin,
): Promise<void> {
  const { cluster, credentials } = await openClusterConnection(deps, viewer, input.clusterId);
  await deps.nodeOperator.delete(credentials, input.nodeName);
  await recordAuditEvent(
    deps.db,
    {
      actorUserId: viewer.id,
      action: "node.delete",
      targetType: "node",
      targetId: nodeAuditTarget(cluster.id, input.nodeName),
      metadata: { cluster_id: cluster.id, node_name: input.nodeName },
    },
    origin,
  );
}
