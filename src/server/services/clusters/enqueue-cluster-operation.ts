import { initialSteps, storedOperationSteps, type OperationKind } from "@/server/domain/clusters/operation-steps";
import { newId } from "@/server/domain/ids";
import type { ClusterJobKind } from "@/server/domain/jobs/job-kind";
import type { Prisma } from "@/server/infra/db/client";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";

/**
 * A cluster operation (its step timeline, all pending) and the job that works through it, inside the
 * caller's transaction. Returns the job id to announce (publishJobWakeup) after commit.
 * `requestedById` null: the platform started it (the node observer resuming a waiting managed ingress).
 */
export async function enqueueClusterOperation(
  tx: Prisma.TransactionClient,
  deps: Pick<JobQueueDeps, "jobs">,
  request: { clusterId: string; kind: OperationKind; jobKind: ClusterJobKind; requestedById: string | null },
): Promise<string> {
  const operationId = newId("op");
  await tx.clusterOperation.create({
    data: { id: operationId, clusterId: request.clusterId, kind: request.kind, status: "pending", steps: storedOperationSteps(initialSteps(request.kind)), requestedById: request.requestedById },
  });
  const job = await deps.jobs.enqueue({ clusterId: request.clusterId, operationId, kind: request.jobKind, payload: {} }, tx);
  return job.id;
}
