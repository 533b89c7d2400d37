import type { Viewer } from "@/server/domain/auth/viewer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import { nodeAuditTarget, type NodeOperationDeps } from "./node-operation-deps";
import { openClusterConnection } from "./open-cluster-connection";

export interface SetNodeSchedulableInput {
  clusterId: string;
  nodeName: string;
  /** false cordons (no new pods), true uncordons. */
  schedulable: boolean;
}

/** Cordon / uncordon (运维操作); an unknown node is NOT_FOUND. */
export async function setNodeSchedulable(deps: NodeOperationDeps, viewer: Viewer, input: SetNodeSchedulableInput, origin?: RequestOrigin): Promise<void> {
  const { cluster, credentials } = await openClusterConnection(deps, viewer, input.clusterId);
  if (input.schedulable) await deps.nodeOperator.uncordon(credentials, input.nodeName);
  else await deps.nodeOperator.cordon(credentials, input.nodeName);
  await recordAuditEvent(
    deps.db,
    {
      actorUserId: viewer.id,
      action: input.schedulable ? "node.uncordon" : "node.cordon",
      targetType: "node",
      targetId: nodeAuditTarget(cluster.id, input.nodeName),
      metadata: { cluster_id: cluster.id, node_name: input.nodeName },
    },
    origin,
  );
}
