import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import type { DrainReport } from "@/server/domain/nodes/drain-report";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import { nodeAuditTarget, type NodeOperationDeps } from "./node-operation-deps";
import { openClusterConnection } from "./open-cluster-connection";

export interface DrainNodeInput {
  clusterId: string;
  nodeName: string;
  timeoutSeconds: number;
  signal?: AbortSignal;
}

/**
 * Cordon + evict (kubectl drain semantics) and report per pod. Pods that could
 * not leave are in the report, not an error: the caller decides what next.
 */
export async function drainNode(deps: NodeOperationDeps, viewer: Viewer, input: DrainNodeInput, origin?: RequestOrigin): Promise<DrainReport> {
  const { cluster, credentials } = await openClusterConnection(deps, viewer, input.clusterId);
  // Checked up front so an unknown name is a clear 404 rather than an empty "completed" report.
  if ((await deps.nodeReader.get(credentials, input.nodeName)) === null) throw notFound(`Node ${input.nodeName} in cluster ${cluster.id}`);
  const report = await deps.nodeOperator.drain({ credentials, node: input.nodeName, timeoutMs: input.timeoutSeconds * 1000, signal: input.signal });
  await recordAuditEvent(
    deps.db,
    {
      actorUserId: viewer.id,
      action: "node.drain",
      targetType: "node",
      targetId: nodeAuditTarget(cluster.id, input.nodeName),
      metadata: {
        cluster_id: cluster.id,
        node_name: input.nodeName,
        timeout_seconds: input.timeoutSeconds,
        completed: report.completed,
        pods: report.pods.length,
        pods_not_evicted: report.pods.filter((p) => p.outcome === "failed" || p.outcome === "blocked_by_pdb").length,
      },
    },
    origin,
  );
  return report;
}
