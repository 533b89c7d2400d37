import { CLUSTER_CREATE_JOB } from "@/server/domain/jobs/job-kind";
import type { Viewer } from "@/server/domain/auth/viewer";
import { toDnsLabelOr, withDnsSuffix } from "@/server/domain/clusters/dns-names";
import { initialSteps, storedOperationSteps } from "@/server/domain/clusters/operation-steps";
import { choosePublicAccessForCreate, validatePublicAccess, type PublicAccessMode } from "@/server/domain/clusters/public-access";
import { AppError } from "@/server/domain/errors";
import { newId, randomId } from "@/server/domain/ids";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { assertClusterRoom, assertPlanRunsControlPlane } from "@/server/services/billing/quota-checks";
import { notifyIfQuotaRefusal } from "@/server/services/notifications/emitters";
import { resolveCurrentPlan } from "@/server/services/billing/resolve-current-plan";
import { isUniqueViolation, lockSharedUntilCommit } from "@/server/infra/db/client";
import { publishJobWakeup } from "@/server/services/jobs/publish-job-wakeup";
import { syncDnsAfterChange } from "@/server/services/dns-automation/sync-dns-after-change";
import type { DnsAutomationDeps } from "@/server/services/dns-automation/dns-provider";
import { readDefaultPublicAccessMode, readSystemSettings } from "@/server/services/settings/read-system-settings";
import { cnameTargetFor } from "@/server/domain/managed-ingress/cname-target";
import type { RequestOrigin } from "@/server/services/service-deps";
import { controlPlaneResourcesSnapshot, dataVolumeSnapshot } from "./cluster-control-plane";
import type { ClusterRequestDeps } from "./cluster-request-deps";
import { toClusterView, type ClusterView } from "./cluster-view";


export interface CreateClusterInput {
  name: string;
  vclusterName?: string;
  namespace?: string;
  controlPlaneHost?: string;
  publicAccessEnabled?: boolean;
  publicAccessMode?: PublicAccessMode;
  /** The create job's managed_ingress step installs it once the control plane answers. */
  managedWorkloadIngressEnabled?: boolean;
}

/**
 * Spec §5.2: validates, normalises vcluster_name/namespace to DNS-1123 and
 * writes the cluster (status provisioning), its create operation (with the
 * step timeline) and the job in one transaction; the job then does the
 * Kubernetes work. Names the caller chose must be free (409 otherwise);
 * names derived from `name` get a suffix when taken. The owner's current plan
 * (docs/plans-and-quotas.md) caps their clusters and is snapshotted as the
 * cluster's node/CPU/memory quota and control plane (cluster-control-plane.ts).
 * Without a host cluster nothing is written: the create is refused (503) with
 * the setting to fix. Once committed, a DNS automation pass puts the cluster's
 * CNAME target record into the zone (when automation is on and the process has
 * `dnsProviders` and `dnsPassLock`; otherwise the periodic pass does).
 */
export async function createCluster(deps: ClusterRequestDeps & Partial<DnsAutomationDeps>, viewer: Viewer, input: CreateClusterInput, origin: RequestOrigin): Promise<ClusterView> {
  const missingHost = deps.hostCluster.missingConfiguration();
  if (missingHost) {
    throw new AppError("SERVICE_UNAVAILABLE", `Clusters cannot be created on this platform yet: ${missingHost}. An administrator has to fix this, then create the cluster again.`);
  }
  const id = newId("cl");
  const name = input.name.trim();
  const access = choosePublicAccessForCreate(
    { enabled: input.publicAccessEnabled, mode: input.publicAccessMode },
    await readDefaultPublicAccessMode(deps),
  );
  const controlPlaneHost = input.controlPlaneHost?.trim() || null;
  const invalid = validatePublicAccess({ ...access, controlPlaneHost, provider: deps.publicAccessProvider });
  if (invalid) throw new AppError("BAD_REQUEST", invalid);

  const { plan } = await resolveCurrentPlan(deps.db, viewer.id, deps.now());
  assertPlanRunsControlPlane(plan);

  const vclusterName = await pickName(deps, "vclusterName", input.vclusterName, name, id);
  const namespace = await pickName(deps, "namespace", input.namespace, vclusterName, id);
  const operationId = newId("op");

  let jobId: string;
  try {
    jobId = await deps.db.$transaction(async (tx) => {
      await assertClusterRoom(tx, plan, viewer.id);
      // Under the settings lock, so a base-domain change (which re-derives every target) cannot miss this cluster.
      await lockSharedUntilCommit(tx, "systemSettings");
      const { managedWorkloadIngressBaseDomain } = await readSystemSettings({ db: tx });
      await tx.cluster.create({
        data: {
          id,
          ownerId: viewer.id,
          name,
          vclusterName,
          namespace,
          status: "provisioning",
          controlPlaneHost,
          publicAccessEnabled: access.enabled,
          publicAccessMode: access.mode,
          connectionStatus: access.enabled ? "unknown" : "disabled",
          managedWorkloadIngressCnameTarget: cnameTargetFor(id, managedWorkloadIngressBaseDomain),
          ...(input.managedWorkloadIngressEnabled ? { managedWorkloadIngressEnabled: true, managedWorkloadIngressStatus: "provisioning" as const } : {}),
          planId: plan?.id ?? null,
          nodeQuota: plan?.nodeQuota ?? null,
          cpuQuota: plan?.cpuQuota ?? null,
          memoryQuota: plan?.memoryQuota ?? null,
          ...controlPlaneResourcesSnapshot(plan),
          ...dataVolumeSnapshot(plan),
        },
      });
      await tx.clusterOperation.create({
        data: { id: operationId, clusterId: id, kind: "create", status: "pending", steps: storedOperationSteps(initialSteps("create")), requestedById: viewer.id },
      });
      const job = await deps.jobs.enqueue({ clusterId: id, operationId, kind: CLUSTER_CREATE_JOB, payload: {} }, tx);
      await recordAuditEvent(tx, { actorUserId: viewer.id, action: "cluster.create", targetType: "cluster", targetId: id, metadata: { name, vcluster_name: vclusterName, namespace } }, origin);
      return job.id;
    });
  } catch (error) {
    await notifyIfQuotaRefusal(deps, viewer.id, error, "cluster.create");
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", `The name "${vclusterName}" or namespace "${namespace}" was just taken by another cluster. Try again or choose other names.`);
    }
    throw error;
  }
  await publishJobWakeup(deps.wakeups, jobId, deps.log);
  syncDnsAfterChange(deps);
  deps.log.info("cluster create requested", { cluster_id: id, job_id: jobId, user_id: viewer.id });
  return toClusterView(await deps.db.cluster.findUniqueOrThrow({ where: { id } }));
}

async function pickName(
  deps: Pick<ClusterRequestDeps, "db">,
  field: "vclusterName" | "namespace",
  requested: string | undefined,
  derivedFrom: string,
  clusterId: string,
): Promise<string> {
  const label = field === "vclusterName" ? "vcluster_name" : "namespace";
  if (requested?.trim()) {
    const chosen = toDnsLabelOr(requested, clusterId);
    if (await deps.db.cluster.findFirst({ where: { [field]: chosen } })) {
      throw new AppError("CONFLICT", `${label} "${chosen}" is already used by another cluster. Choose a different ${label}.`);
    }
    return chosen;
  }
  const base = toDnsLabelOr(derivedFrom, clusterId);
  if (!(await deps.db.cluster.findFirst({ where: { [field]: base } }))) return base;
  return withDnsSuffix(base, randomId(6));
}
