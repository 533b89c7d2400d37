import { CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import { lockRowForUpdate, type Prisma } from "@/server/infra/db/client";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import type { ServiceDeps } from "@/server/services/service-deps";
import { hasActiveClusterJob } from "./active-cluster-job";
import { enqueueClusterOperation } from "./enqueue-cluster-operation";

export type ExpirePreviousHostsDeps = Pick<ServiceDeps, "db" | "log" | "now"> & JobQueueDeps;

/**
 * The grace-expiry pass: a ready cluster whose previous_control_plane_host_until has passed still
 * serves a certificate with the replaced name, so a `cluster.update` operation is enqueued for it
 * (started by the platform: requested_by null). That job renders extraSANs without the expired name
 * and clears previous_* (run-update-cluster-job.ts). A cluster that is busy (updating, a job queued
 * or running) or in error is left alone: its next update renders without the name anyway, and an
 * error retried here every pass would hide the failure behind a loop. Returns the enqueued job ids.
 */
export async function expirePreviousControlPlaneHosts(deps: ExpirePreviousHostsDeps): Promise<string[]> {
  const now = deps.now();
  const due: Prisma.ClusterWhereInput = { status: "ready", previousControlPlaneHost: { not: null }, previousControlPlaneHostUntil: { lte: now } };
  const clusters = await deps.db.cluster.findMany({ where: due, select: { id: true, previousControlPlaneHost: true }, orderBy: { previousControlPlaneHostUntil: "asc" } });
  const jobIds: string[] = [];
  for (const cluster of clusters) {
    // Decided under the row lock, as resume-waiting-managed-ingress.ts does: a PATCH in between started its own update
    // (which renders without the name), and a job already queued or running is not doubled.
    const jobId = await deps.db.$transaction(async (tx) => {
      if (!(await lockRowForUpdate(tx, "cluster", cluster.id))) return null;
      if (!(await tx.cluster.findFirst({ where: { id: cluster.id, ...due }, select: { id: true } }))) return null;
      if (await hasActiveClusterJob(tx, cluster.id)) return null;
      await tx.cluster.update({ where: { id: cluster.id }, data: { status: "updating", lastError: null } });
      return enqueueClusterOperation(tx, deps, { clusterId: cluster.id, kind: "update", jobKind: CLUSTER_UPDATE_JOB, requestedById: null });
    });
    if (!jobId) continue;
    await publishJobWakeup(deps.wakeups, jobId, deps.log);
    deps.log.info("the grace of a replaced control-plane name ended; updating the cluster to drop it from the certificate", { cluster_id: cluster.id, job_id: jobId, previous_control_plane_host: cluster.previousControlPlaneHost });
    jobIds.push(jobId);
  }
  return jobIds;
}
