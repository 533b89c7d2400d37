import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError, notFound } from "@/server/domain/errors";
import { lockRowForUpdate } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

export const deletedPlanSchema = z.object({ id: z.string() });
export type DeletedPlan = z.infer<typeof deletedPlanSchema>;

/** Admin: removes a plan nobody ever used. A plan with orders, clusters or users can only be deactivated. */
export async function deletePlan(deps: ServiceDeps, admin: Viewer, id: string, origin: RequestOrigin): Promise<DeletedPlan> {
  return deps.db.$transaction(async (tx) => {
    const plan = (await lockRowForUpdate(tx, "plan", id)) ? await tx.plan.findUnique({ where: { id }, select: { code: true } }) : null;
    if (!plan) throw notFound(`Plan ${id}`);
    const [orders, clusters, users] = await Promise.all([
      tx.order.count({ where: { planId: id } }),
      tx.cluster.count({ where: { planId: id, status: { not: "deleted" } } }),
      tx.user.count({ where: { planId: id } }),
    ]);
    if (orders + clusters + users > 0) {
      throw new AppError(
        "CONFLICT",
        `Plan "${plan.code}" is in use (${orders} order(s), ${clusters} cluster(s), ${users} user(s)) and cannot be deleted. Deactivate it instead so nobody new gets it.`,
      );
    }
    await tx.plan.delete({ where: { id } });
    await recordAuditEvent(tx, { actorUserId: admin.id, action: "plan.delete", targetType: "plan", targetId: id, metadata: { code: plan.code } }, origin);
    return { id };
  });
}
