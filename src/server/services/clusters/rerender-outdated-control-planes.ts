import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import { lockRowForUpdate, type Prisma } from "@/server/infra/db/client";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import type { ServiceDeps } from "@/server/services/service-deps";
import { hasActiveClusterJob } from "./active-cluster-job";
import { enqueueClusterOperation } from "./enqueue-cluster-operation";

export type RerenderOutdatedDeps = Pick<ServiceDeps, "db" | "log" | "now"> & JobQueueDeps & { publicAccessProvider: PublicAccessProvider };

/** Why a ready cluster's control plane no longer matches what the platform would render for it now. */
export type OutdatedReason = "previous-name-expired" | "provider-changed";

function outdatedWhere(now: Date, provider: PublicAccessProvider): Record<OutdatedReason, Prisma.ClusterWhereInput> {
  return {
    // The certificate still carries a replaced name whose grace has ended.
    "previous-name-expired": { previousControlPlaneHost: { not: null }, previousControlPlaneHostUntil: { lte: now } },
    // Rendered under another KUBEBYON_PUBLIC_ACCESS_PROVIDER: a loadbalancer cluster's Service type (and route)
    // depends on it. Other modes render the same under every provider, so they are left to their next update.
    "provider-changed": {
      publicAccessEnabled: true,
      publicAccessMode: "loadbalancer",
      renderedPublicAccessProvider: { not: provider },
    },
  };
}

const LOG_LINE: Record<OutdatedReason, string> = {
  "previous-name-expired": "the grace of a replaced control-plane name ended; updating the cluster to drop it from the certificate",
  "provider-changed": "the cluster was rendered for another public access provider; updating it for this one",
};

/**
 * The re-render pass: a ready cluster whose control plane is out of date with the platform gets a
 * `cluster.update` operation (started by the platform: requested_by null), which renders it from
 * the row and the deployment's settings as they are now:
 * - the grace of its previous public name has passed (previous_control_plane_host_until): the job
 *   renders extraSANs without that name and clears previous_* (run-update-cluster-job.ts);
 * - it is a loadbalancer cluster last rendered under another public access provider (the
 *   deployment changed KUBEBYON_PUBLIC_ACCESS_PROVIDER): the job renders the new provider's Service
 *   type and, with gatewayapi, publishes its TLSRoute.
 * A cluster that is busy (updating, a job queued or running) or in error is left alone: its next
 * update renders the same, and an error retried here every pass would hide the failure behind a
 * loop. Returns the enqueued job ids.
 */
export async function rerenderOutdatedControlPlanes(deps: RerenderOutdatedDeps): Promise<string[]> {
  const reasons = outdatedWhere(deps.now(), deps.publicAccessProvider);
  const due: Prisma.ClusterWhereInput = { status: "ready", OR: Object.values(reasons) };
  const clusters = await deps.db.cluster.findMany({
    where: due,
    select: { id: true, previousControlPlaneHost: true, renderedPublicAccessProvider: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const jobIds: string[] = [];
  for (const cluster of clusters) {
    // Decided under the row lock, as resume-waiting-managed-ingress.ts does: a PATCH in between started its own update
    // (which renders the same), and a job already queued or running is not doubled.
    const queued = await deps.db.$transaction(async (tx) => {
      if (!(await lockRowForUpdate(tx, "cluster", cluster.id))) return null;
      const reason = await firstReason(tx, cluster.id, reasons);
      if (!reason) return null;
      if (await hasActiveClusterJob(tx, cluster.id)) return null;
      await tx.cluster.update({ where: { id: cluster.id }, data: { status: "updating", lastError: null } });
      const jobId = await enqueueClusterOperation(tx, deps, { clusterId: cluster.id, kind: "update", jobKind: CLUSTER_UPDATE_JOB, requestedById: null });
      return { jobId, reason };
    });
    if (!queued) continue;
    await publishJobWakeup(deps.wakeups, queued.jobId, deps.log);
    deps.log.info(LOG_LINE[queued.reason], {
      cluster_id: cluster.id,
      job_id: queued.jobId,
      ...(queued.reason === "previous-name-expired"
        ? { previous_control_plane_host: cluster.previousControlPlaneHost }
        : { rendered_public_access_provider: cluster.renderedPublicAccessProvider, public_access_provider: deps.publicAccessProvider }),
    });
    jobIds.push(queued.jobId);
  }
  return jobIds;
}

async function firstReason(tx: Prisma.TransactionClient, clusterId: string, reasons: Record<OutdatedReason, Prisma.ClusterWhereInput>): Promise<OutdatedReason | null> {
  for (const [reason, where] of Object.entries(reasons) as [OutdatedReason, Prisma.ClusterWhereInput][]) {
    if (await tx.cluster.findFirst({ where: { id: clusterId, status: "ready", ...where }, select: { id: true } })) return reason;
  }
  return null;
}
