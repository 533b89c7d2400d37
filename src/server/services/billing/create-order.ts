import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError, notFound } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { ORDER_PARTIES, toOrderView, type OrderView } from "./order-view";

export interface CreateOrderInput {
  userId: string;
  planId: string;
  periodMonths: number;
  /** Defaults to the plan's monthly price × months; set it for a discount or a free grant (0). */
  amountCents?: number;
  note?: string;
}

/** Admin: a pending order of an active plan for a user. Nothing is granted until it is marked paid. */
export async function createOrder(deps: ServiceDeps, admin: Viewer, input: CreateOrderInput, origin: RequestOrigin): Promise<OrderView> {
  const [user, plan] = await Promise.all([
    deps.db.user.findUnique({ where: { id: input.userId }, select: { id: true } }),
    deps.db.plan.findUnique({ where: { id: input.planId } }),
  ]);
  if (!user) throw notFound(`User ${input.userId}`);
  if (!plan) throw notFound(`Plan ${input.planId}`);
  if (!plan.active) throw new AppError("CONFLICT", `Plan "${plan.code}" is inactive. Activate it first or choose an active plan.`);
  const id = newId("ord");
  const order = await deps.db.$transaction(async (tx) => {
    const created = await tx.order.create({
      data: {
        id,
        userId: user.id,
        planId: plan.id,
        amountCents: input.amountCents ?? plan.priceCents * input.periodMonths,
        currency: plan.currency,
        periodMonths: input.periodMonths,
        note: input.note?.trim() || null,
      },
      include: ORDER_PARTIES,
    });
    await recordAuditEvent(
      tx,
      { actorUserId: admin.id, action: "order.create", targetType: "order", targetId: id, metadata: { user_id: user.id, plan_id: plan.id, period_months: input.periodMonths, amount_cents: created.amountCents } },
      origin,
    );
    return created;
  });
  return toOrderView(order, deps.now());
}
