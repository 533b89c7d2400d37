import { CLUSTER_MANAGED_INGRESS_JOB } from "@/server/domain/jobs/job-kind";
import { lockRowForUpdate, type Prisma } from "@/server/infra/db/client";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import type { ServiceDeps } from "@/server/services/service-deps";
import { hasActiveClusterJob } from "./active-cluster-job";
import { enqueueClusterOperation } from "./enqueue-cluster-operation";

export type ResumeManagedIngressDeps = Pick<ServiceDeps, "db" | "log"> & JobQueueDeps;

/** A ready cluster whose managed ingress is on and `provisioning`: with no job for it, it waits for a node. */
const WAITING: Prisma.ClusterWhereInput = { status: "ready", managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "provisioning" };

/**
 * The managed_ingress step found no Ready node and left the ingress `provisioning` (managed-ingress-step.ts).
 * Called by the node observer when it has recorded a Ready node for the cluster: enqueues the same
 * `cluster.managed_ingress` job (and operation) a PATCH of managed_workload_ingress_enabled starts, if
 *   - the cluster is `ready` with the ingress enabled and `provisioning`,
 *   - no lifecycle job of the cluster is queued or running (hasActiveClusterJob), and
 *   - the `nodes` snapshot has a live Ready node.
 * Decided under the cluster's row lock, so several observers (processes) and a concurrent PATCH start at
 * most one job; safe to call as often as wanted. Returns the job id, or null when nothing was started.
 */
export async function resumeWaitingManagedIngress(deps: ResumeManagedIngressDeps, clusterId: string): Promise<string | null> {
  // Unlocked first: nearly every call is for a cluster with nothing waiting, which costs one indexed read.
  if (!(await deps.db.cluster.findFirst({ where: { id: clusterId, ...WAITING }, select: { id: true } }))) return null;
  const jobId = await deps.db.$transaction(async (tx) => {
    if (!(await lockRowForUpdate(tx, "cluster", clusterId))) return null;
    if (!(await tx.cluster.findFirst({ where: { id: clusterId, ...WAITING }, select: { id: true } }))) return null;
    if (await hasActiveClusterJob(tx, clusterId)) return null;
    if (!(await tx.node.findFirst({ where: { clusterId, deletedAt: null, status: "ready" }, select: { id: true } }))) return null;
    return enqueueClusterOperation(tx, deps, { clusterId, kind: "managed_ingress", jobKind: CLUSTER_MANAGED_INGRESS_JOB, requestedById: null });
  });
  if (!jobId) return null;
  await publishJobWakeup(deps.wakeups, jobId, deps.log);
  deps.log.info("a node is Ready: managed ingress reconcile started", { cluster_id: clusterId, job_id: jobId });
  return jobId;
}
