import { lockUntilCommit, type Prisma } from "@/server/infra/db/client";

/** Editable plan fields as the use cases take them (validated by the API schemas). */
export interface PlanFields {
  name: string;
  description: string | null;
  priceCents: number;
  currency: string;
  clusterQuota: number;
  nodeQuota: number;
  cpuQuota: string | null;
  memoryQuota: string | null;
  active: boolean;
  isDefault: boolean;
  sort: number;
}

/**
 * Keeps at most one default plan: run inside the transaction that sets
 * `planId` as default. The advisory lock serialises two admins doing it at once.
 */
export async function clearOtherDefaults(tx: Prisma.TransactionClient, planId: string): Promise<void> {
  await lockUntilCommit(tx, "billingDefaultPlan");
  await tx.plan.updateMany({ where: { isDefault: true, id: { not: planId } }, data: { isDefault: false } });
}

/** Snapshot of fields for the audit record. */
export function auditedPlanFields(f: Partial<PlanFields>): Prisma.InputJsonObject {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(f)) if (value !== undefined) out[key] = value;
  return out;
}
