import { isAdmin, type Viewer } from "@/server/domain/auth/viewer";
import { initialSteps, storedOperationSteps } from "@/server/domain/clusters/operation-steps";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { CLUSTER_DELETE_JOB } from "@/server/domain/jobs/job-kind";
import { lockRowForUpdate } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import { syncDnsAfterChange } from "@/server/services/dns-automation/sync-dns-after-change";
import type { DnsAutomationDeps } from "@/server/services/dns-automation/dns-provider";
import type { RequestOrigin } from "@/server/services/service-deps";
import { hasActiveClusterJob } from "./active-cluster-job";
import type { ClusterRequestDeps } from "./cluster-request-deps";
import { toClusterView, type ClusterView } from "./cluster-view";
import type { DeletionPlanDeps } from "./get-deletion-plan";
import { findAccessibleCluster } from "./find-accessible-cluster";
import { messageOf } from "./operation-recorder";

const SUPERSEDED = "superseded by an administrator's forced delete";

/**
 * POST /admin/clusters/{id}/force-delete: an administrator's way out of a deletion stuck on finalizers. Queues
 * the delete job with `force: true`: after helm uninstall it removes the finalizers of every object holding the
 * host namespace (their controllers' cleanup does not happen) and, if needed, the namespace's own. Audited as
 * `cluster.force_delete` with the reason and the finalizers found holding the namespace now.
 */
export async function forceDeleteCluster(
  deps: ClusterRequestDeps & Partial<DnsAutomationDeps> & { cluster: DeletionPlanDeps },
  viewer: Viewer,
  input: { clusterId: string; reason: string },
  origin: RequestOrigin,
): Promise<ClusterView> {
  if (!isAdmin(viewer)) throw new AppError("FORBIDDEN", "Only an administrator can force a cluster deletion.");
  const reason = input.reason.trim();
  if (reason.length === 0) throw new AppError("BAD_REQUEST", "Give a reason for the forced deletion; it goes into the audit log.");
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  if (cluster.status === "deleted") throw new AppError("CONFLICT", `Cluster ${cluster.name} is already deleted.`);
  const holders = await deps.cluster.hostInventory.listFinalizerHolders(cluster.namespace).catch((error: unknown) => {
    throw new AppError("SERVICE_UNAVAILABLE", `Could not list what holds namespace ${cluster.namespace} (${messageOf(error)}); check Platform health and try again.`);
  });

  const operationId = newId("op");
  const jobId = await deps.db.$transaction(async (tx) => {
    await lockRowForUpdate(tx, "cluster", cluster.id);
    // A delete attempt waiting for its retry backoff is superseded (a stuck namespace would only time out again);
    // a job a runner holds right now is not taken from it.
    const waiting = await tx.clusterJob.findMany({ where: { clusterId: cluster.id, status: "pending" }, select: { id: true, operationId: true } });
    const superseded = await tx.clusterJob.updateMany({
      where: { id: { in: waiting.map((j) => j.id) }, status: "pending" },
      data: { status: "failed", lastError: SUPERSEDED, finishedAt: deps.now() },
    });
    if (superseded.count !== waiting.length || (await hasActiveClusterJob(tx, cluster.id))) {
      // Thrown inside the transaction, so nothing above is kept.
      throw new AppError("CONFLICT", `A job of cluster ${cluster.name} is running right now; wait until its attempt has ended, then force the deletion.`);
    }
    const operations = waiting.flatMap((j) => (j.operationId ? [j.operationId] : []));
    await tx.clusterOperation.updateMany({ where: { id: { in: operations }, status: { in: ["pending", "running"] } }, data: { status: "failed", error: SUPERSEDED, finishedAt: deps.now() } });
    await tx.cluster.update({ where: { id: cluster.id }, data: { status: "deleting", lastError: null } });
    await tx.clusterOperation.create({
      data: { id: operationId, clusterId: cluster.id, kind: "delete", status: "pending", steps: storedOperationSteps(initialSteps("delete", null, true)), requestedById: viewer.id },
    });
    const job = await deps.jobs.enqueue({ clusterId: cluster.id, operationId, kind: CLUSTER_DELETE_JOB, payload: { force: true, reason } }, tx);
    await recordAuditEvent(
      tx,
      {
        actorUserId: viewer.id,
        action: "cluster.force_delete",
        targetType: "cluster",
        targetId: cluster.id,
        metadata: {
          name: cluster.name,
          reason,
          finalizers: [...new Set(holders.flatMap((h) => h.finalizers))].sort(),
          objects: holders.map((h) => `${h.kind}/${h.name}`),
        },
      },
      origin,
    );
    return job.id;
  });
  await publishJobWakeup(deps.wakeups, jobId, deps.log);
  syncDnsAfterChange(deps);
  deps.log.warn("cluster force delete requested", { cluster_id: cluster.id, job_id: jobId, user_id: viewer.id, holders: holders.length });
  return toClusterView(await deps.db.cluster.findUniqueOrThrow({ where: { id: cluster.id } }));
}
