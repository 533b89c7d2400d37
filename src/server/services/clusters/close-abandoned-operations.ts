import type { ClusterStatus } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

/** The cluster status each operation kind holds while it is in progress. */
const IN_PROGRESS_STATUS: Record<string, ClusterStatus> = { create: "provisioning", update: "updating", delete: "deleting" };

const FALLBACK_ERROR = "The job ended without reporting a result (its worker stopped on the last attempt, or no worker knows this job kind).";

/**
 * Ends the operations whose job ended without its handler getting to say so:
 * a runner that died on the last attempt (the queue marks the job `dead`), a
 * job kind no worker knows, a job refused before it could record anything.
 * Without this the console would show the operation running and the cluster
 * provisioning/updating/deleting forever. The operation gets the job's last
 * error and the cluster goes to `error` (from its in-progress status only, so
 * anything that moved on since is left alone). Idempotent and safe to run in
 * several processes at once. Returns how many operations it closed.
 */
export async function closeAbandonedOperations(deps: Pick<ServiceDeps, "db" | "log" | "now">): Promise<number> {
  const abandoned = await deps.db.clusterOperation.findMany({
    where: { status: { in: ["pending", "running"] }, jobs: { some: { status: { in: ["failed", "dead"] } } } },
    select: { id: true, clusterId: true, kind: true, jobs: { select: { status: true, lastError: true, finishedAt: true }, orderBy: { createdAt: "desc" } } },
  });
  let closed = 0;
  for (const op of abandoned) {
    // An operation has one job; if a later one is still going, the operation is not abandoned.
    if (op.jobs.some((j) => j.status === "pending" || j.status === "running" || j.status === "succeeded")) continue;
    const error = op.jobs.find((j) => j.lastError)?.lastError ?? FALLBACK_ERROR;
    const now = deps.now();
    const ended = await deps.db.$transaction(async (tx) => {
      const { count } = await tx.clusterOperation.updateMany({
        where: { id: op.id, status: { in: ["pending", "running"] } },
        data: { status: "failed", error, finishedAt: now },
      });
      if (count === 0) return false;
      const inProgress = IN_PROGRESS_STATUS[op.kind];
      if (inProgress) {
        await tx.cluster.updateMany({ where: { id: op.clusterId, status: inProgress }, data: { status: "error", lastError: error } });
      }
      return true;
    });
    if (ended) {
      closed++;
      deps.log.warn("closed an operation whose job ended without a result", { cluster_id: op.clusterId, operation_id: op.id, kind: op.kind, error });
    }
  }
  return closed;
}
