import { admissionPolicyOf, type AdmissionPolicy } from "@/server/domain/admission/admission-policy";
import type { Db } from "@/server/infra/db/client";
import { resolveCurrentPlan } from "@/server/services/billing/resolve-current-plan";

/**
 * The policy for a live cluster: its owner's current plan (paid order, else the default plan). Null when the
 * cluster is gone or deleted, or when no plan applies (nothing to enforce).
 */
export async function readAdmissionPolicy(db: Pick<Db, "cluster" | "order" | "plan">, clusterId: string, now: Date): Promise<AdmissionPolicy | null> {
  const cluster = await db.cluster.findUnique({ where: { id: clusterId }, select: { ownerId: true, status: true } });
  if (!cluster || cluster.status === "deleted") return null;
  const { plan } = await resolveCurrentPlan(db, cluster.ownerId, now);
  return plan ? admissionPolicyOf(plan) : null;
}
