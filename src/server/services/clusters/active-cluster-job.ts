import type { Prisma } from "@/server/infra/db/client";

/**
 * Whether a lifecycle job of the cluster (create, update, delete, managed_ingress) is queued or running,
 * a retry waiting for its backoff included. Every one of them may run helm against the cluster, so a
 * second one is not started beside it. Read under the cluster's row lock when the answer decides an
 * enqueue: the job row a concurrent request inserted is then committed and seen.
 */
export async function hasActiveClusterJob(db: Pick<Prisma.TransactionClient, "clusterJob">, clusterId: string): Promise<boolean> {
  return (await db.clusterJob.count({ where: { clusterId, status: { in: ["pending", "running"] } } })) > 0;
}
