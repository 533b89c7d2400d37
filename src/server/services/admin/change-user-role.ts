import type { UserRole, Viewer } from "@/server/domain/auth/viewer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import { changeUserAsAdmin, type AdminUserChangeDeps } from "./admin-user-change";
import { getUserForAdmin, type AdminUserDetail } from "./get-user";

/** Promote or demote another user; takes effect on their next request (the role is read per request). */
export async function changeUserRole(deps: AdminUserChangeDeps, actor: Viewer, userId: string, role: UserRole, origin: RequestOrigin): Promise<AdminUserDetail> {
  await changeUserAsAdmin(
    deps,
    actor,
    { userId, action: "admin.user.role_change", selfRefusal: "You cannot change your own role. Ask another administrator to do it." },
    origin,
    async (tx, target) => {
      if (target.role === role) return;
      await tx.user.update({ where: { id: userId }, data: { role } });
      await recordAuditEvent(
        tx,
        { actorUserId: actor.id, action: "admin.user.role_change", targetType: "user", targetId: userId, metadata: { email: target.email, from: target.role, to: role } },
        origin,
      );
    },
  );
  deps.log.info("user role changed", { actor_id: actor.id, user_id: userId, role });
  return getUserForAdmin(deps, userId);
}
