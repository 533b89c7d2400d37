import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { planSourceSchema } from "@/server/domain/billing/current-grant";
import { isoOrNull } from "@/server/domain/iso-time";
import type { ServiceDeps } from "@/server/services/service-deps";
import { planViewSchema, toPlanView } from "./plan-view";
import { resolveCurrentPlan } from "./resolve-current-plan";

/** Null: the plan sets no limit. */
const allowance = z.number().int().nullable();

export const planUsageSchema = z.object({
  plan: planViewSchema.nullable(),
  source: planSourceSchema,
  order_id: z.string().nullable(),
  granted_until: z.string().nullable(),
  clusters: z.object({ used: z.number().int(), allowed: allowance }),
  /** Per cluster: live nodes (node observer snapshot) against the plan's nodes per cluster. */
  cluster_usage: z.array(
    z.object({
      cluster_id: z.string(),
      name: z.string(),
      nodes_used: z.number().int(),
      nodes_allowed: allowance,
      cpu_quota: z.string().nullable(),
      memory_quota: z.string().nullable(),
    }),
  ),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

/** The viewer's current plan and what they use of it (the console's Plan page and dashboard card). */
export async function getPlanUsage(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer): Promise<PlanUsage> {
  const current = await resolveCurrentPlan(deps.db, viewer.id, deps.now());
  const clusters = await deps.db.cluster.findMany({
    where: { ownerId: viewer.id, status: { not: "deleted" } },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, cpuQuota: true, memoryQuota: true, _count: { select: { nodes: { where: { deletedAt: null } } } } },
  });
  const plan = current.plan;
  return {
    plan: plan ? toPlanView(plan) : null,
    source: current.source,
    order_id: current.orderId,
    granted_until: isoOrNull(current.grantedUntil),
    clusters: { used: clusters.length, allowed: plan?.clusterQuota ?? null },
    cluster_usage: clusters.map((c) => ({
      cluster_id: c.id,
      name: c.name,
      nodes_used: c._count.nodes,
      nodes_allowed: plan?.nodeQuota ?? null,
      // The ResourceQuota applied to the cluster's namespace: the snapshot taken at create/update.
      cpu_quota: c.cpuQuota,
      memory_quota: c.memoryQuota,
    })),
  };
}
