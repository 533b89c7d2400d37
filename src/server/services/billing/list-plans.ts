import { z } from "zod";
import type { Plan, Prisma } from "@/server/infra/db/client";
import { Keyset, pageSchema, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { planViewSchema, toPlanView, type PlanView } from "./plan-view";

/** A plan as the admin catalogue shows it: with how many orders refer to it. */
export const catalogPlanSchema = planViewSchema.extend({ order_count: z.number().int() });
export type CatalogPlan = z.infer<typeof catalogPlanSchema>;
export const catalogPlanPageSchema = pageSchema(catalogPlanSchema);
export const offeredPlanPageSchema = pageSchema(planViewSchema);

export interface PlanPageInput {
  limit: number;
  cursor?: string;
}

/**
 * The catalogue's order is the admin's `sort`, then the order plans were added; the id makes it total,
 * so a page boundary between plans with the same sort and created_at neither skips nor repeats one.
 */
function planPages<Row extends Pick<Plan, "sort" | "createdAt" | "id">>() {
  return new Keyset<Row, Prisma.PlanWhereInput, Prisma.PlanOrderByWithRelationInput>([
    { field: "sort", kind: "int", direction: "asc", of: (p) => p.sort },
    { field: "createdAt", kind: "time", direction: "asc", of: (p) => p.createdAt },
    { field: "id", kind: "text", direction: "asc", of: (p) => p.id },
  ]);
}

const CATALOG_PAGES = planPages<Plan & { _count: { orders: number } }>();
const OFFERED_PAGES = planPages<Plan>();

/** Admin: the whole catalogue, inactive plans included, with how many orders refer to each. */
export async function listPlans(deps: Pick<ServiceDeps, "db">, page: PlanPageInput): Promise<Page<CatalogPlan>> {
  const plans = await deps.db.plan.findMany({
    where: CATALOG_PAGES.after(page.cursor),
    orderBy: CATALOG_PAGES.orderBy,
    take: CATALOG_PAGES.take(page.limit),
    include: { _count: { select: { orders: true } } },
  });
  return CATALOG_PAGES.page(plans, page.limit, (p) => ({ ...toPlanView(p), order_count: p._count.orders }));
}

/** Users: the plans on offer. */
export async function listOfferedPlans(deps: Pick<ServiceDeps, "db">, page: PlanPageInput): Promise<Page<PlanView>> {
  const plans = await deps.db.plan.findMany({
    where: { AND: [{ active: true }, OFFERED_PAGES.after(page.cursor)] },
    orderBy: OFFERED_PAGES.orderBy,
    take: OFFERED_PAGES.take(page.limit),
  });
  return OFFERED_PAGES.page(plans, page.limit, toPlanView);
}
