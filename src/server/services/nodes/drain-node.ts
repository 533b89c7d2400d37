import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError, notFound } from "@/server/domain/errors";
import { describeDrainRefusal, type DrainOptions, type DrainRefusal } from "@/server/domain/nodes/drain-preflight";
import type { DrainReport } from "@/server/domain/nodes/drain-report";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import { nodeAuditTarget, type NodeOperationDeps } from "./node-operation-deps";
import { openClusterConnection } from "./open-cluster-connection";

export interface DrainNodeInput extends DrainOptions {
  clusterId: string;
  nodeName: string;
  timeoutSeconds: number;
  signal?: AbortSignal;
}

/** Enough Pod names in an audit row to see what was refused, bounded so one row stays small. */
const AUDITED_PODS = 50;

/**
 * `kubectl drain --ignore-daemonsets` semantics with kubectl's two consents
 * (`force`, `delete_emptydir_data`): a refusal is PRECONDITION_FAILED naming the
 * Pods and the field that allows them, with nothing changed; otherwise cordon +
 * evict and report per pod. Pods that could not leave are in the report, not an
 * error: the caller decides what next. Both ends are audited with the options used.
 */
export async function drainNode(deps: NodeOperationDeps, viewer: Viewer, input: DrainNodeInput, origin?: RequestOrigin): Promise<DrainReport> {
  const { cluster, credentials } = await openClusterConnection(deps, viewer, input.clusterId);
  // Checked up front so an unknown name is a clear 404 rather than an empty "completed" report.
  if ((await deps.nodeReader.get(credentials, input.nodeName)) === null) throw notFound(`Node ${input.nodeName} in cluster ${cluster.id}`);
  const options: DrainOptions = { force: input.force, deleteEmptyDirData: input.deleteEmptyDirData };
  const outcome = await deps.nodeOperator.drain({ credentials, node: input.nodeName, timeoutMs: input.timeoutSeconds * 1000, options, signal: input.signal });
  const audited = {
    cluster_id: cluster.id,
    node_name: input.nodeName,
    timeout_seconds: input.timeoutSeconds,
    force: input.force,
    delete_emptydir_data: input.deleteEmptyDirData,
    ignore_daemonsets: true,
  };
  const audit = (action: "node.drain" | "node.drain_failed", metadata: Record<string, string | number | boolean | string[]>) =>
    recordAuditEvent(deps.db, { actorUserId: viewer.id, action, targetType: "node", targetId: nodeAuditTarget(cluster.id, input.nodeName), metadata: { ...audited, ...metadata } }, origin);

  if ("refused" in outcome) {
    await audit("node.drain_failed", refusalMetadata(outcome.refused));
    throw new AppError("PRECONDITION_FAILED", describeDrainRefusal(outcome.refused));
  }
  const { report } = outcome;
  await audit("node.drain", {
    completed: report.completed,
    pods: report.pods.length,
    pods_not_evicted: report.pods.filter((p) => p.outcome === "failed" || p.outcome === "blocked_by_pdb").length,
  });
  return report;
}

function refusalMetadata(refusal: DrainRefusal): Record<string, string | string[]> {
  return {
    reason: "pods_need_consent",
    unmanaged_pods: refusal.unmanaged.slice(0, AUDITED_PODS),
    emptydir_pods: refusal.withEmptyDir.slice(0, AUDITED_PODS),
  };
}
