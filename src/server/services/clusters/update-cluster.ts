import { CLUSTER_MANAGED_INGRESS_JOB, CLUSTER_UPDATE_JOB } from "@/server/domain/jobs/job-kind";
import type { Viewer } from "@/server/domain/auth/viewer";
import {
  choosePublicAccessForUpdate,
  effectivePublicAccessMode,
  fieldsToClearOnModeChange,
  validatePublicAccess,
  type PublicAccessMode,
} from "@/server/domain/clusters/public-access";
import { servedNameChange } from "@/server/domain/clusters/served-control-plane-hosts";
import { AppError } from "@/server/domain/errors";
import type { Cluster, Prisma } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { assertPlanRunsControlPlane } from "@/server/services/billing/quota-checks";
import { resolveCurrentPlan } from "@/server/services/billing/resolve-current-plan";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import type { RequestOrigin } from "@/server/services/service-deps";
import { hasActiveClusterJob } from "./active-cluster-job";
import { controlPlaneResourcesDiffer, controlPlaneResourcesSnapshot } from "./cluster-control-plane";
import type { ClusterRequestDeps } from "./cluster-request-deps";
import { toClusterView, type ClusterView } from "./cluster-view";
import { enqueueClusterOperation } from "./enqueue-cluster-operation";
import { findAccessibleCluster } from "./find-accessible-cluster";


export interface UpdateClusterInput {
  name?: string;
  /** null or "" clears it. */
  controlPlaneHost?: string | null;
  publicAccessEnabled?: boolean;
  publicAccessMode?: PublicAccessMode;
  planId?: string;
  managedWorkloadIngressEnabled?: boolean;
}

/**
 * PATCH /clusters/{id} (plan §5.4). Fields left out keep their value. The new
 * public-access state is validated as on create, and the fields a mode change
 * would leave stale are cleared in the same transaction that writes the mode,
 * so no reader ever sees the old mode's port or endpoint next to the new mode.
 * Anything the control plane depends on (mode, host, plan quota) is applied
 * by a `cluster.update` job; a rename is only a row change.
 */
export async function updateCluster(deps: ClusterRequestDeps, viewer: Viewer, clusterId: string, input: UpdateClusterInput, origin: RequestOrigin): Promise<ClusterView> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  refuseWhileBusy(cluster);

  const access = choosePublicAccessForUpdate(
    { enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode },
    { enabled: input.publicAccessEnabled, mode: input.publicAccessMode },
  );
  const controlPlaneHost = input.controlPlaneHost === undefined ? cluster.controlPlaneHost : input.controlPlaneHost?.trim() || null;
  // Only a request that touches public access is judged: a row that predates a provider change stays renamable.
  const touchesAccess = input.publicAccessEnabled !== undefined || input.publicAccessMode !== undefined || input.controlPlaneHost !== undefined;
  const invalid = touchesAccess ? validatePublicAccess({ ...access, controlPlaneHost, provider: deps.publicAccessProvider }) : null;
  if (invalid) throw new AppError("BAD_REQUEST", invalid);

  const plan = input.planId && input.planId !== cluster.planId ? await deps.db.plan.findFirst({ where: { id: input.planId, active: true } }) : null;
  if (input.planId && input.planId !== cluster.planId && !plan) {
    throw new AppError("BAD_REQUEST", `Plan ${input.planId} does not exist or is no longer offered. Pick one of the active plans.`);
  }
  assertPlanRunsControlPlane(plan);
  if (plan && viewer.role !== "admin") {
    // A user's quota comes from the plan they hold (orders); a cluster can only be moved onto that plan.
    const current = await resolveCurrentPlan(deps.db, cluster.ownerId, deps.now());
    if (current.plan?.id !== plan.id) {
      throw new AppError(
        "FORBIDDEN",
        current.plan
          ? `Your current plan is "${current.plan.name}" (${current.plan.id}); a cluster can only be moved to the plan you hold. Order plan ${plan.id} first.`
          : `You have no plan, so a cluster cannot be moved to plan ${plan.id}. Order it first.`,
      );
    }
  }

  const fromMode = effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode });
  const toMode = effectivePublicAccessMode(access);
  const quotaChanged =
    plan !== null && (plan.cpuQuota !== cluster.cpuQuota || plan.memoryQuota !== cluster.memoryQuota || plan.nodeQuota !== cluster.nodeQuota || controlPlaneResourcesDiffer(cluster, plan));
  const needsJob = fromMode !== toMode || controlPlaneHost !== cluster.controlPlaneHost || quotaChanged;
  if (needsJob && cluster.status === "updating") {
    throw new AppError("CONFLICT", "An update of this cluster's control plane is still running. Wait until the cluster is ready, then change it again.");
  }
  // `provisioning` with no job is the ingress waiting for a Ready node (managed-ingress-step.ts): nothing runs, so nothing to wait for.
  const ingressBusy = cluster.managedWorkloadIngressStatus === "provisioning" && (await hasActiveClusterJob(deps.db, cluster.id));
  if (needsJob && ingressBusy) {
    throw new AppError("CONFLICT", "The managed ingress controller of this cluster is still being reconciled. Wait until its status is ready or error, then change the control plane.");
  }
  // The name being replaced stays in the certificate for the grace (served-control-plane-hosts.ts); written with the new host.
  const nameChange = servedNameChange(
    { controlPlaneHost: cluster.controlPlaneHost, mode: fromMode, apiEndpoint: cluster.apiEndpoint, previousHost: cluster.previousControlPlaneHost, previousUntil: cluster.previousControlPlaneHostUntil },
    { controlPlaneHost, mode: toMode },
    deps.now(),
    deps.sanGraceHours,
  );
  const ingress = managedIngressChange(cluster, input.managedWorkloadIngressEnabled, ingressBusy);
  // A control-plane update runs the managed_ingress step itself; otherwise the flag gets a job of its own.
  const ingressJob = ingress.reconcile && !needsJob;

  const data: Prisma.ClusterUncheckedUpdateInput = {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.managedWorkloadIngressEnabled !== undefined ? { managedWorkloadIngressEnabled: input.managedWorkloadIngressEnabled } : {}),
    controlPlaneHost,
    publicAccessEnabled: access.enabled,
    publicAccessMode: access.mode,
    // The data volume stays as created (cluster-control-plane.ts); the resources follow the plan.
    ...(plan ? { planId: plan.id, nodeQuota: plan.nodeQuota, cpuQuota: plan.cpuQuota, memoryQuota: plan.memoryQuota, ...controlPlaneResourcesSnapshot(plan) } : {}),
    ...staleFieldReset(fromMode, toMode),
    ...(nameChange.changed
      ? { previousControlPlaneHost: nameChange.previousHost, previousControlPlaneHostUntil: nameChange.previousUntil, controlPlaneHostChangedAt: nameChange.changedAt }
      : {}),
    ...(needsJob ? { status: "updating" as const, lastError: null } : {}),
    ...(ingress.reconcile ? { managedWorkloadIngressStatus: "provisioning" as const, managedWorkloadIngressLastError: null } : {}),
  };

  const jobId = await deps.db.$transaction(async (tx) => {
    // Written only if the status is still the one checked above: a DELETE or a job-starting PATCH in
    // between must not be overwritten (a deleting cluster put back to updating, or two update jobs).
    const written = await tx.cluster.updateMany({ where: { id: cluster.id, status: cluster.status }, data });
    if (written.count === 0) {
      throw new AppError("CONFLICT", "The cluster changed while this update was being made (another update or a delete). Reload it and apply your change again.");
    }
    await recordAuditEvent(
      tx,
      { actorUserId: viewer.id, action: "cluster.update", targetType: "cluster", targetId: cluster.id, metadata: describeChange(cluster, data, toMode) },
      origin,
    );
    if (!needsJob && !ingressJob) return null;
    // The write above holds the row lock: a job the node observer enqueued for a waiting ingress is committed and seen here.
    if (await hasActiveClusterJob(tx, cluster.id)) {
      throw new AppError("CONFLICT", "Another operation on this cluster has just started (e.g. the managed ingress install after a node turned Ready). Wait until it finishes, then change the cluster again.");
    }
    return enqueueClusterOperation(tx, deps, {
      clusterId: cluster.id,
      kind: needsJob ? "update" : "managed_ingress",
      jobKind: needsJob ? CLUSTER_UPDATE_JOB : CLUSTER_MANAGED_INGRESS_JOB,
      requestedById: viewer.id,
    });
  });
  if (jobId) await publishJobWakeup(deps.wakeups, jobId, deps.log);
  deps.log.info("cluster update requested", { cluster_id: cluster.id, job_id: jobId, user_id: viewer.id, public_access_mode: toMode });
  return toClusterView(await deps.db.cluster.findUniqueOrThrow({ where: { id: cluster.id } }));
}

/**
 * Whether managed_workload_ingress_enabled asks for a reconcile: it changed, or it is asked for again after
 * an `error` or while it waits for a Ready node (`provisioning` with no job: the way to retry by hand).
 * Turning off what was never installed is only a row change. While a reconcile runs (`busy`), a second one
 * is refused rather than queued behind it.
 */
function managedIngressChange(cluster: Cluster, enabled: boolean | undefined, busy: boolean): { reconcile: boolean } {
  if (enabled === undefined) return { reconcile: false };
  const status = cluster.managedWorkloadIngressStatus;
  const again = status === "error" || (status === "provisioning" && !busy);
  const reconcile = enabled !== cluster.managedWorkloadIngressEnabled ? enabled || status !== "disabled" : again;
  if (reconcile && busy) {
    throw new AppError("CONFLICT", "The managed ingress controller of this cluster is still being reconciled. Wait until its status is ready or error, then change it again.");
  }
  // The running update job has its own managed_ingress step and may be past it; two helm runs must not overlap.
  if (reconcile && cluster.status === "updating") {
    throw new AppError("CONFLICT", "An update of this cluster is still running. Wait until the cluster is ready, then change managed_workload_ingress_enabled.");
  }
  return { reconcile };
}

function refuseWhileBusy(cluster: Cluster): void {
  switch (cluster.status) {
    case "provisioning":
      throw new AppError("CONFLICT", "This cluster is still being created. Wait until it is ready (or has failed), then change its settings.");
    case "deleting":
      throw new AppError("CONFLICT", "This cluster is being deleted and can no longer be changed.");
    case "deleted":
      throw new AppError("CONFLICT", "This cluster has been deleted and can no longer be changed.");
    default:
      return;
  }
}

/** Plan §5.4/§5.6/§5.13: the columns a mode switch makes meaningless, reset to "unknown" until the job re-derives them. */
function staleFieldReset(from: PublicAccessMode, to: PublicAccessMode): Prisma.ClusterUncheckedUpdateInput {
  const reset: Prisma.ClusterUncheckedUpdateInput = {};
  for (const field of fieldsToClearOnModeChange(from, to)) {
    if (field === "public_access_port") reset.publicAccessPort = null;
    if (field === "api_endpoint") reset.apiEndpoint = null;
    if (field === "kubeconfig_available") reset.kubeconfigAvailable = false;
  }
  if (from !== to) reset.connectionStatus = to === "off" ? "disabled" : "unknown";
  return reset;
}

function describeChange(before: Cluster, data: Prisma.ClusterUncheckedUpdateInput, toMode: PublicAccessMode): Prisma.InputJsonObject {
  return {
    name: typeof data.name === "string" && data.name !== before.name ? data.name : null,
    public_access_mode: toMode,
    control_plane_host: (data.controlPlaneHost as string | null | undefined) ?? null,
    plan_id: typeof data.planId === "string" ? data.planId : before.planId,
    managed_workload_ingress_enabled: typeof data.managedWorkloadIngressEnabled === "boolean" ? data.managedWorkloadIngressEnabled : before.managedWorkloadIngressEnabled,
  };
}
