import type { Viewer } from "@/server/domain/auth/viewer";
import { UPSTREAM_CONTROL_PLANE_SIZE as UPSTREAM } from "@/server/domain/clusters/control-plane-size";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { isUniqueViolation } from "@/server/infra/db/client";
import type { AdmissionPolicyChangeDeps } from "./admission-policy-change";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { assertPlanAdmitsControlPlane, auditedPlanFields, clearOtherDefaults, type PlanFields } from "./plan-fields";
import { toPlanView, type PlanView } from "./plan-view";

export type CreatePlanInput = Pick<PlanFields, "name" | "clusterQuota" | "nodeQuota"> & Partial<PlanFields> & { code: string };

const DEFAULTS = {
  description: null,
  priceCents: 0,
  currency: "USD",
  cpuQuota: null,
  memoryQuota: null,
  // The vcluster chart's own control plane unless the admin sizes it.
  controlPlaneCpuRequest: UPSTREAM.cpuRequest,
  controlPlaneCpuLimit: UPSTREAM.cpuLimit,
  controlPlaneMemoryRequest: UPSTREAM.memoryRequest,
  controlPlaneMemoryLimit: UPSTREAM.memoryLimit,
  controlPlaneEphemeralStorageRequest: UPSTREAM.ephemeralStorageRequest,
  controlPlaneEphemeralStorageLimit: UPSTREAM.ephemeralStorageLimit,
  controlPlaneDataVolumeSize: UPSTREAM.dataVolumeSize,
  controlPlaneStorageClass: UPSTREAM.storageClass,
  // No admission policy unless the admin sets one (the node limit is node_quota).
  admissionMaxPods: null,
  admissionPodCpuRequests: null,
  admissionPodMemoryRequests: null,
  admissionDenyHostNamespaces: false,
  admissionDenyPrivileged: false,
  admissionDenyHostPath: false,
  kubeconfigMaxTtlSeconds: null,
  active: true,
  isDefault: false,
  sort: 0,
};

/** Admin: adds a plan to the catalogue. A default plan must be active; making one default unsets the previous one. */
export async function createPlan(deps: ServiceDeps & AdmissionPolicyChangeDeps, admin: Viewer, input: CreatePlanInput, origin: RequestOrigin): Promise<PlanView> {
  const fields: PlanFields & { code: string } = { ...DEFAULTS, ...input };
  assertPlanAdmitsControlPlane(fields);
  if (fields.isDefault && !fields.active) throw new AppError("BAD_REQUEST", "A default plan must be active: set active too, or leave is_default off.");
  const id = newId("pln");
  try {
    const plan = await deps.db.$transaction(async (tx) => {
      if (fields.isDefault) await clearOtherDefaults(tx, id);
      const created = await tx.plan.create({ data: { id, ...fields } });
      await recordAuditEvent(tx, { actorUserId: admin.id, action: "plan.create", targetType: "plan", targetId: id, metadata: auditedPlanFields(fields) }, origin);
      return created;
    });
    // A new default plan is the policy of every user without a paid order.
    if (fields.isDefault) deps.admissionWebhookSync?.();
    return toPlanView(plan);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `A plan with code "${fields.code}" already exists. Choose another code or edit that plan.`);
    throw error;
  }
}
