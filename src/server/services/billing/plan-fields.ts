import { quotaPairProblem } from "@/server/domain/billing/quantities";
import { controlPlaneAdmissionProblems } from "@/server/domain/clusters/control-plane-quota";
import { controlPlaneSizeOf, type ControlPlaneColumns } from "@/server/domain/clusters/control-plane-size";
import { AppError } from "@/server/domain/errors";
import { lockUntilCommit, type Prisma } from "@/server/infra/db/client";

/**
 * Editable plan fields as the use cases take them (validated by the API schemas). The control-plane
 * size is the cluster columns' shape, except that a plan always names its data volume size.
 */
export interface PlanFields extends Omit<ControlPlaneColumns, "controlPlaneDataVolumeSize"> {
  name: string;
  description: string | null;
  priceCents: number;
  currency: string;
  clusterQuota: number;
  nodeQuota: number;
  cpuQuota: string | null;
  memoryQuota: string | null;
  controlPlaneDataVolumeSize: string;
  /** Admission webhook policy (docs/admission-webhook.md): null limits are no limit; the node limit is nodeQuota. */
  admissionMaxPods: number | null;
  admissionPodCpuRequests: string | null;
  admissionPodMemoryRequests: string | null;
  admissionDenyHostNamespaces: boolean;
  admissionDenyPrivileged: boolean;
  admissionDenyHostPath: boolean;
  /** The longest per-user kubeconfig on the plan's clusters; null: no bound beyond the platform's. */
  kubeconfigMaxTtlSeconds: number | null;
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

type ControlPlaneFields = Pick<
  PlanFields,
  | "controlPlaneCpuRequest"
  | "controlPlaneCpuLimit"
  | "controlPlaneMemoryRequest"
  | "controlPlaneMemoryLimit"
  | "controlPlaneEphemeralStorageRequest"
  | "controlPlaneEphemeralStorageLimit"
  | "controlPlaneDataVolumeSize"
  | "controlPlaneStorageClass"
>;

/**
 * Refuses a plan whose quota could not admit its own control plane (the cluster job would
 * install a Pod the host apiserver refuses), naming the numbers and what to change.
 */
export function assertPlanAdmitsControlPlane(p: Pick<PlanFields, "cpuQuota" | "memoryQuota"> & ControlPlaneFields): void {
  const pair = quotaPairProblem(p.cpuQuota, p.memoryQuota);
  if (pair) throw new AppError("BAD_REQUEST", pair);
  const problems = planControlPlaneProblems(p);
  if (problems.length > 0) throw new AppError("BAD_REQUEST", problems.join(" "));
}

/** Why the plan's namespace quota would refuse its own control plane (empty when it admits it). */
export function planControlPlaneProblems(p: Pick<PlanFields, "cpuQuota" | "memoryQuota"> & ControlPlaneFields): string[] {
  return controlPlaneAdmissionProblems(controlPlaneSizeOf(p), { cpu: p.cpuQuota, memory: p.memoryQuota });
}
