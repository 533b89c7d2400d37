import type { Prisma } from "@/server/infra/db/client";
import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import { PermanentJobError } from "@/server/services/jobs/job-handler";

/** Cluster statuses after which only the delete job may write the row. */
const TAKEN_OVER_BY_DELETE = leavingClusterStatuses;

export const cancelledByDeleteMessage = "Cancelled: the cluster is being deleted.";

/**
 * A create or update job's write to its cluster row, made only while no DELETE
 * has taken the cluster over. A job that was already running when the user
 * deleted the cluster therefore cannot bring it back to ready/updating/error.
 * Returns false when the write was skipped.
 */
/** The database or a transaction: anything that can update clusters. */
export interface ClusterWriter {
  db: Pick<Prisma.TransactionClient, "cluster">;
}

export async function writeUnlessDeleting(deps: ClusterWriter, clusterId: string, data: Prisma.ClusterUpdateManyMutationInput): Promise<boolean> {
  const { count } = await deps.db.cluster.updateMany({ where: { id: clusterId, status: { notIn: [...TAKEN_OVER_BY_DELETE] } }, data });
  return count === 1;
}

/** As writeUnlessDeleting, but a skipped write ends the job: there is nothing left to converge to. */
export async function writeOrStopForDelete(deps: ClusterWriter, clusterId: string, data: Prisma.ClusterUpdateManyMutationInput): Promise<void> {
  if (!(await writeUnlessDeleting(deps, clusterId, data))) throw new PermanentJobError(cancelledByDeleteMessage);
}
