import type { Viewer } from "@/server/domain/auth/viewer";
import { grantPeriod } from "@/server/domain/billing/grant-period";
import { transitionOrder, type OrderAction } from "@/server/domain/billing/order-status";
import { AppError, notFound } from "@/server/domain/errors";
import { lockRowForUpdate, lockUntilCommit, type Prisma } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { AdmissionPolicyChangeDeps } from "./admission-policy-change";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { ORDER_PARTIES, toOrderView, type OrderView } from "./order-view";

/**
 * Admin: pay (grants the plan for the order's period), cancel (unpaid) or
 * refund (paid; the grant ends at once). The row is locked, so two admins
 * cannot both move the same order; a transition the state machine refuses is 409.
 */
export async function changeOrderStatus(deps: ServiceDeps & AdmissionPolicyChangeDeps, admin: Viewer, orderId: string, action: OrderAction, origin: RequestOrigin): Promise<OrderView> {
  const order = await deps.db.$transaction(async (tx) => {
    if (!(await lockRowForUpdate(tx, "order", orderId))) throw notFound(`Order ${orderId}`);
    const current = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
    const next = transitionOrder(current.status, action);
    if (!next.ok) throw new AppError("CONFLICT", next.message);
    const now = deps.now();
    const data: Prisma.OrderUpdateInput = { status: next.status };
    if (action === "pay") Object.assign(data, { paidAt: now, ...(await periodFor(tx, current, now)) });
    if (action === "cancel") data.cancelledAt = now;
    if (action === "refund") data.refundedAt = now;
    const updated = await tx.order.update({ where: { id: orderId }, data, include: ORDER_PARTIES });
    await recordAuditEvent(
      tx,
      { actorUserId: admin.id, action: `order.${action}`, targetType: "order", targetId: orderId, metadata: { user_id: current.userId, plan_id: current.planId, from: current.status, to: next.status } },
      origin,
    );
    return updated;
  });
  // A paid or ended grant changes the user's plan, so the policy in their clusters (AdmissionPolicy) changes with it.
  deps.admissionWebhookSync?.();
  return toOrderView(order, deps.now());
}

async function periodFor(tx: Prisma.TransactionClient, order: { userId: string; planId: string; periodMonths: number }, now: Date) {
  // Serialise payments per user so two renewals of the same plan cannot both start at the same end.
  await lockUntilCommit(tx, "billingUser", order.userId);
  const running = await tx.order.findFirst({
    where: { userId: order.userId, planId: order.planId, status: "paid", endsAt: { gt: now } },
    orderBy: { endsAt: "desc" },
    select: { endsAt: true },
  });
  return grantPeriod(now, order.periodMonths, running?.endsAt ?? null);
}
