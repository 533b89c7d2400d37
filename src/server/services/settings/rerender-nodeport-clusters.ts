import { initialSteps, storedOperationSteps } from "@/server/domain/clusters/operation-steps";
import { CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import { newId } from "@/server/domain/ids";
import type { Prisma } from "@/server/infra/db/client";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";

/**
 * nodeport_host_address changed: every ready NodePort cluster without
 * control_plane_host takes its address from that setting, so each gets a
 * cluster.update (the same job and operation a PATCH of control_plane_host
 * starts, update-cluster.ts) that re-renders extraSANs, api_endpoint and the
 * kubeconfig. Runs inside the settings transaction; returns the job ids to
 * announce after commit. Clusters busy with another operation keep theirs:
 * their running job reads the new setting itself.
 */
export async function enqueueNodePortRerender(tx: Prisma.TransactionClient, deps: Pick<JobQueueDeps, "jobs">, requestedById: string): Promise<string[]> {
  const affected = await tx.cluster.findMany({
    where: {
      status: { in: ["ready", "error"] },
      publicAccessEnabled: true,
      publicAccessMode: "nodeport",
      OR: [{ controlPlaneHost: null }, { controlPlaneHost: "" }],
    },
    select: { id: true, status: true },
  });
  const jobIds: string[] = [];
  for (const cluster of affected) {
    const written = await tx.cluster.updateMany({ where: { id: cluster.id, status: cluster.status }, data: { status: "updating", lastError: null } });
    if (written.count === 0) continue;
    const operationId = newId("op");
    await tx.clusterOperation.create({
      data: { id: operationId, clusterId: cluster.id, kind: "update", status: "pending", steps: storedOperationSteps(initialSteps("update")), requestedById },
    });
    const job = await deps.jobs.enqueue({ clusterId: cluster.id, operationId, kind: CLUSTER_UPDATE_JOB, payload: {} }, tx);
    jobIds.push(job.id);
  }
  return jobIds;
}
