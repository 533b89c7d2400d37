import { clusterQuotaRefusal, nodeQuotaRefusal } from "@/server/domain/billing/plan-limits";
import { QuotaRefusal } from "./quota-refusal";
import { lockUntilCommit, type Cluster, type Db, type Plan, type Prisma } from "@/server/infra/db/client";
import { AppError } from "@/server/domain/errors";
import { planControlPlaneProblems } from "./plan-fields";
import { resolveCurrentPlan } from "./resolve-current-plan";

/**
 * Inside the create transaction: refuses a cluster beyond the plan's cluster
 * quota. Counted under a per-user advisory lock, so two concurrent creates
 * cannot both take the last slot.
 */
export async function assertClusterRoom(tx: Prisma.TransactionClient, plan: Plan | null, userId: string): Promise<void> {
  if (!plan) return;
  await lockUntilCommit(tx, "clusterQuota", userId);
  const held = await tx.cluster.count({ where: { ownerId: userId, status: { not: "deleted" } } });
  const refusal = clusterQuotaRefusal(plan, held);
  // QuotaRefusal is a CONFLICT AppError the callers recognise to notify the owner (quota.reached).
  if (refusal) throw new QuotaRefusal(refusal);
}

/**
 * Refuses a join token when the cluster already has as many live nodes (the
 * node observer's `nodes` snapshot) as its owner's current plan allows.
 */
export async function assertNodeRoom(db: Pick<Db, "order" | "plan" | "node">, cluster: Pick<Cluster, "id" | "name" | "ownerId">, now: Date): Promise<void> {
  const { plan } = await resolveCurrentPlan(db, cluster.ownerId, now);
  if (!plan) return;
  const live = await db.node.count({ where: { clusterId: cluster.id, deletedAt: null } });
  const refusal = nodeQuotaRefusal(plan, cluster.name, live);
  if (refusal) throw new QuotaRefusal(refusal);
}

/**
 * Refuses to put a cluster on a plan whose quota cannot admit its control plane: the
 * host apiserver would refuse the Pod and the job would wait for nothing. Plans saved
 * since plans carry a control plane cannot be like that; older ones (e.g. memory_quota
 * below the chart's 4Gi limit) can, until an administrator edits them.
 */
export function assertPlanRunsControlPlane(plan: Plan | null): void {
  if (!plan) return;
  const problems = planControlPlaneProblems(plan);
  if (problems.length === 0) return;
  throw new AppError(
    "PRECONDITION_FAILED",
    `Plan "${plan.name}" cannot run a cluster's control plane: ${problems.join(" ")} Ask an administrator to change the plan.`,
  );
}
