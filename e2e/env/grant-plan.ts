import { addMonths } from "@/server/domain/billing/grant-period";
import { newId } from "@/server/domain/ids";
import type { Db } from "@/server/infra/db/client";

/**
 * Test setup: a paid order in force, as POST /admin/orders + …/pay would leave
 * it, so the user's current plan is `planId` (tests of the order flow itself go through the API).
 */
export async function grantPlan(db: Db, userId: string, planId: string, now = new Date()): Promise<string> {
  const id = newId("ord");
  const startsAt = new Date(now.getTime() - 1000);
  await db.order.create({
    data: { id, userId, planId, amountCents: 0, currency: "USD", status: "paid", paidAt: startsAt, periodMonths: 1, startsAt, endsAt: addMonths(startsAt, 1) },
  });
  return id;
}
