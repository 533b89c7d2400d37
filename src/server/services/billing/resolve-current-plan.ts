import { currentGrant, type PlanSource } from "@/server/domain/billing/current-grant";
import type { Db, Plan, Prisma } from "@/server/infra/db/client";

export interface CurrentPlan {
  /** Null: no paid grant and no active default plan, so no quota applies. */
  plan: Plan | null;
  source: PlanSource;
  /** The paid order in force (source "order"). */
  orderId: string | null;
  grantedUntil: Date | null;
}

type Reader = Pick<Db | Prisma.TransactionClient, "order" | "plan">;

/**
 * The one answer to "which plan does this user have now": the paid order in
 * force (docs/plans-and-quotas.md), else the active plan marked default, else none.
 */
export async function resolveCurrentPlan(db: Reader, userId: string, now: Date): Promise<CurrentPlan> {
  const paid = await db.order.findMany({
    where: { userId, status: "paid", startsAt: { lte: now }, endsAt: { gt: now } },
    include: { plan: true },
  });
  const grant = currentGrant(
    paid.flatMap((o) => (o.startsAt && o.endsAt ? [{ ...o, startsAt: o.startsAt, endsAt: o.endsAt }] : [])),
    now,
  );
  if (grant) return { plan: grant.plan, source: "order", orderId: grant.id, grantedUntil: grant.endsAt };
  const fallback = await db.plan.findFirst({ where: { isDefault: true, active: true } });
  return fallback ? { plan: fallback, source: "default", orderId: null, grantedUntil: null } : { plan: null, source: "none", orderId: null, grantedUntil: null };
}
