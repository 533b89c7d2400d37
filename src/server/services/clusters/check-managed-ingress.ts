import { MANAGED_INGRESS_PROFILE } from "@/server/domain/managed-ingress/controller-profile";
import { CHECK_FINDING_LEAD, judgeManagedIngress, type ManagedIngressProblem } from "@/server/domain/managed-ingress/ingress-check";
import { CLUSTER_MANAGED_INGRESS_JOB } from "@/server/domain/jobs/job-kind";
import { lockRowForUpdate, type Cluster, type Prisma } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { forEachLimited, withTimeout } from "@/server/services/bounded-work";
import type { JobQueueDeps } from "@/server/services/jobs/job-queue-deps";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import type { ServiceDeps } from "@/server/services/service-deps";
import { hasActiveClusterJob } from "./active-cluster-job";
import type { ClusterConnectionDeps } from "./cluster-job-deps";
import { connectToCluster } from "./connect-to-cluster";
import { enqueueClusterOperation } from "./enqueue-cluster-operation";
import type { ManagedIngressInspector } from "./managed-ingress-inspector";

/** Clusters read at once, and how long one may take (connecting and reading), so one stuck vCluster cannot stall a pass. */
export const MANAGED_INGRESS_CHECK_CONCURRENCY = 4;
export const MANAGED_INGRESS_CHECK_TIMEOUT_MS = 15_000;

export interface ManagedIngressCheckDeps extends ServiceDeps, ClusterConnectionDeps, JobQueueDeps {
  inspector: ManagedIngressInspector;
  /** KUBEBYON_MANAGED_INGRESS_AUTO_REPAIR: a broken ingress gets the managed-ingress job at once, as Retry would start it. */
  autoRepair: boolean;
}

export interface ManagedIngressCheckResult {
  /** Ready and still healthy (their checked_at moved). */
  healthy: number;
  /** Written `error` with the reason this pass (or a changed reason). */
  broken: Array<{ clusterId: string; problem: ManagedIngressProblem }>;
  /** An error this check had written, healthy again: back to `ready`. */
  recovered: string[];
  /** Auto-repair: the managed-ingress job started for a broken ingress. */
  repairs: Array<{ clusterId: string; jobId: string }>;
  /** Could not be read (control plane unreachable, credentials refused, timeout): left as they were. */
  unreachable: Array<{ clusterId: string; error: string }>;
}

/** What a pass re-reads: ready clusters whose ingress is `ready`, or in an `error` this check wrote (to see it recover). */
const CHECKED: Prisma.ClusterWhereInput = {
  status: "ready",
  managedWorkloadIngressEnabled: true,
  OR: [{ managedWorkloadIngressStatus: "ready" }, { managedWorkloadIngressStatus: "error", managedWorkloadIngressLastError: { startsWith: CHECK_FINDING_LEAD } }],
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One pass of the managed ingress re-check (docs/managed-ingress.md "Re-check"): every ready cluster whose managed
 * ingress is `ready` is read through the platform's own connection (helm's release record, the controller Deployment
 * and Service, the IngressClass) and judged (domain/managed-ingress/ingress-check.ts). Broken → `error` with the
 * reason; an error this check wrote whose objects are healthy again → `ready` (level-triggered); with auto-repair a
 * broken ingress gets the managed-ingress job instead. Every write is conditional on the row as this pass read it
 * (status, last_error, checked_at): a job or request that changed it meanwhile wins, and the next pass looks again.
 * A cluster that cannot be read is skipped and left as it is: an unreachable control plane is the control-plane
 * health check's to report, not a broken ingress.
 */
export async function checkManagedIngress(deps: ManagedIngressCheckDeps, signal?: AbortSignal): Promise<ManagedIngressCheckResult> {
  const clusters = await deps.db.cluster.findMany({ where: CHECKED, orderBy: { id: "asc" } });
  const result: ManagedIngressCheckResult = { healthy: 0, broken: [], recovered: [], repairs: [], unreachable: [] };
  const stillReady: string[] = [];
  await forEachLimited(clusters, MANAGED_INGRESS_CHECK_CONCURRENCY, async (cluster) => {
    if (signal?.aborted) return;
    let judged;
    try {
      const connection = await withTimeout(connectToCluster(deps, cluster), MANAGED_INGRESS_CHECK_TIMEOUT_MS);
      judged = judgeManagedIngress(MANAGED_INGRESS_PROFILE, await withTimeout(deps.inspector.inspect(connection.credentials, signal), MANAGED_INGRESS_CHECK_TIMEOUT_MS));
    } catch (error) {
      result.unreachable.push({ clusterId: cluster.id, error: messageOf(error) });
      return;
    }
    if (judged.healthy) {
      if (cluster.managedWorkloadIngressStatus === "ready") stillReady.push(cluster.id);
      else if (await write(deps, cluster, { managedWorkloadIngressStatus: "ready", managedWorkloadIngressLastError: null, managedWorkloadIngressClass: MANAGED_INGRESS_PROFILE.ingressClassName })) {
        result.recovered.push(cluster.id);
        deps.log.info("managed ingress is healthy again", { cluster_id: cluster.id });
      }
      return;
    }
    if (deps.autoRepair) {
      const jobId = await startRepair(deps, cluster, judged.problem, judged.reason);
      if (jobId) result.repairs.push({ clusterId: cluster.id, jobId });
      return;
    }
    // An unchanged finding only moves checked_at; a new one is logged.
    if (await write(deps, cluster, { managedWorkloadIngressStatus: "error", managedWorkloadIngressLastError: judged.reason })) {
      if (cluster.managedWorkloadIngressLastError !== judged.reason) {
        result.broken.push({ clusterId: cluster.id, problem: judged.problem });
        deps.log.warn("managed ingress is broken", { cluster_id: cluster.id, problem: judged.problem, reason: judged.reason });
      }
    }
  });
  if (stillReady.length > 0) {
    const { count } = await deps.db.cluster.updateMany({ where: { id: { in: stillReady }, managedWorkloadIngressStatus: "ready" }, data: { managedWorkloadIngressCheckedAt: deps.now() } });
    result.healthy = count;
  }
  return result;
}

/** The row as this pass read it: a write happens only while nothing else changed the ingress's state since. */
const asRead = (cluster: Cluster): Prisma.ClusterWhereInput => ({
  id: cluster.id,
  status: "ready",
  managedWorkloadIngressEnabled: true,
  managedWorkloadIngressStatus: cluster.managedWorkloadIngressStatus,
  managedWorkloadIngressLastError: cluster.managedWorkloadIngressLastError,
  managedWorkloadIngressCheckedAt: cluster.managedWorkloadIngressCheckedAt,
});

async function write(deps: ManagedIngressCheckDeps, cluster: Cluster, data: Prisma.ClusterUpdateManyMutationInput): Promise<boolean> {
  const { count } = await deps.db.cluster.updateMany({ where: asRead(cluster), data: { ...data, managedWorkloadIngressCheckedAt: deps.now() } });
  return count === 1;
}

/**
 * What Retry does (updateCluster with the flag on again): `provisioning`, and the `cluster.managed_ingress` job with
 * its operation, started by the platform (requested_by null) and recorded in the activity stream with the reason.
 * Under the cluster's row lock and only with no job of the cluster queued or running, so two passes or a user's
 * Retry at the same moment start one job.
 */
async function startRepair(deps: ManagedIngressCheckDeps, cluster: Cluster, problem: ManagedIngressProblem, reason: string): Promise<string | null> {
  const jobId = await deps.db.$transaction(async (tx) => {
    if (!(await lockRowForUpdate(tx, "cluster", cluster.id))) return null;
    if (await hasActiveClusterJob(tx, cluster.id)) return null;
    const { count } = await tx.cluster.updateMany({
      where: asRead(cluster),
      data: { managedWorkloadIngressStatus: "provisioning", managedWorkloadIngressLastError: null, managedWorkloadIngressCheckedAt: deps.now() },
    });
    if (count === 0) return null;
    await recordAuditEvent(tx, { actorUserId: null, action: "cluster.managed_ingress_repair", targetType: "cluster", targetId: cluster.id, metadata: { problem, reason } });
    return enqueueClusterOperation(tx, deps, { clusterId: cluster.id, kind: "managed_ingress", jobKind: CLUSTER_MANAGED_INGRESS_JOB, requestedById: null });
  });
  if (!jobId) return null;
  await publishJobWakeup(deps.wakeups, jobId, deps.log);
  deps.log.warn("managed ingress is broken: reinstall started (auto-repair)", { cluster_id: cluster.id, problem, reason, job_id: jobId });
  return jobId;
}
