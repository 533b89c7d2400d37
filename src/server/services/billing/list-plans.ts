import { z } from "zod";
import type { ServiceDeps } from "@/server/services/service-deps";
import { planViewSchema, toPlanView, type PlanView } from "./plan-view";

/** A plan as the admin catalogue shows it: with how many orders refer to it. */
export const catalogPlanSchema = planViewSchema.extend({ order_count: z.number().int() });
export type CatalogPlan = z.infer<typeof catalogPlanSchema>;

const ORDER_BY = [{ sort: "asc" as const }, { createdAt: "asc" as const }];

/** Admin: the whole catalogue, inactive plans included, with how many orders refer to each. */
export async function listPlans(deps: Pick<ServiceDeps, "db">): Promise<CatalogPlan[]> {
  const plans = await deps.db.plan.findMany({ orderBy: ORDER_BY, include: { _count: { select: { orders: true } } } });
  return plans.map((p) => ({ ...toPlanView(p), order_count: p._count.orders }));
}

/** Users: the plans on offer. */
export async function listOfferedPlans(deps: Pick<ServiceDeps, "db">): Promise<PlanView[]> {
  return (await deps.db.plan.findMany({ where: { active: true }, orderBy: ORDER_BY })).map(toPlanView);
}
