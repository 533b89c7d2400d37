import { CLUSTER_DELETE_JOB } from "@/server/domain/jobs/job-kind";
import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import type { Viewer } from "@/server/domain/auth/viewer";
import { initialSteps, storedOperationSteps } from "@/server/domain/clusters/operation-steps";
import { newId } from "@/server/domain/ids";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import { syncDnsAfterChange } from "@/server/services/dns-automation/sync-dns-after-change";
import type { DnsAutomationDeps } from "@/server/services/dns-automation/dns-provider";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { ClusterRequestDeps } from "./cluster-request-deps";
import { toClusterView, type ClusterView } from "./cluster-view";
import { findAccessibleCluster } from "./find-accessible-cluster";


/**
 * DELETE /clusters/{id}: marks the cluster deleting and queues the
 * `cluster.delete` job (helm uninstall, namespace removal) in one
 * transaction. Idempotent: a deleted cluster or one already being deleted is
 * returned as it is, without a second job. Jobs already queued for the
 * cluster stop on their own: create/update handlers refuse a deleting cluster.
 * A `deleting` cluster keeps no DNS records, so once committed a DNS automation
 * pass removes its CNAME target record and its bindings' records at once.
 */
export async function deleteCluster(deps: ClusterRequestDeps & Partial<DnsAutomationDeps>, viewer: Viewer, clusterId: string, origin: RequestOrigin): Promise<ClusterView> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  if (cluster.status === "deleted" || cluster.status === "deleting") return toClusterView(cluster);

  const operationId = newId("op");
  const jobId = await deps.db.$transaction(async (tx) => {
    // The status guard makes two concurrent DELETEs start one job: the loser updates nothing.
    const claimed = await tx.cluster.updateMany({
      where: { id: cluster.id, status: { notIn: [...leavingClusterStatuses] } },
      data: { status: "deleting", lastError: null },
    });
    if (claimed.count === 0) return null;
    await tx.clusterOperation.create({
      data: { id: operationId, clusterId: cluster.id, kind: "delete", status: "pending", steps: storedOperationSteps(initialSteps("delete")), requestedById: viewer.id },
    });
    const job = await deps.jobs.enqueue({ clusterId: cluster.id, operationId, kind: CLUSTER_DELETE_JOB, payload: {} }, tx);
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "cluster.delete", targetType: "cluster", targetId: cluster.id, metadata: { name: cluster.name } }, origin);
    return job.id;
  });
  if (jobId) {
    await publishJobWakeup(deps.wakeups, jobId, deps.log);
    syncDnsAfterChange(deps);
    deps.log.info("cluster delete requested", { cluster_id: cluster.id, job_id: jobId, user_id: viewer.id });
  }
  return toClusterView(await deps.db.cluster.findUniqueOrThrow({ where: { id: cluster.id } }));
}
