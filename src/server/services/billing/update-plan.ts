import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError, notFound } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { AdmissionPolicyChangeDeps } from "./admission-policy-change";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { assertPlanAdmitsControlPlane, auditedPlanFields, clearOtherDefaults, type PlanFields } from "./plan-fields";
import { toPlanView, type PlanView } from "./plan-view";

/**
 * Admin: changes a plan (the code stays: orders and clusters refer to it).
 * Deactivating takes it out of the catalogue and ends its default role; paid
 * grants of it keep running. Existing clusters keep the quota and control-plane
 * snapshot taken when they were created or updated. The plan as it will be must
 * still admit its control plane.
 */
export async function updatePlan(deps: ServiceDeps & AdmissionPolicyChangeDeps, admin: Viewer, id: string, change: Partial<PlanFields>, origin: RequestOrigin): Promise<PlanView> {
  const view = await deps.db.$transaction(async (tx) => {
    const before = await tx.plan.findUnique({ where: { id } });
    if (!before) throw notFound(`Plan ${id}`);
    const active = change.active ?? before.active;
    const isDefault = active ? (change.isDefault ?? before.isDefault) : false;
    if (change.isDefault && !active) throw new AppError("BAD_REQUEST", "A default plan must be active: activate the plan before making it the default.");
    const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as Partial<PlanFields>;
    assertPlanAdmitsControlPlane({ ...before, ...defined });
    if (isDefault && !before.isDefault) await clearOtherDefaults(tx, id);
    const plan = await tx.plan.update({ where: { id }, data: { ...change, active, isDefault } });
    const action = change.active === false && before.active ? "plan.deactivate" : change.active === true && !before.active ? "plan.activate" : "plan.update";
    await recordAuditEvent(tx, { actorUserId: admin.id, action, targetType: "plan", targetId: id, metadata: auditedPlanFields(change) }, origin);
    return toPlanView(plan);
  });
  // The plan's users' clusters get the new policy (or the new default plan's) at once, not at the next periodic pass.
  deps.admissionWebhookSync?.();
  return view;
}
