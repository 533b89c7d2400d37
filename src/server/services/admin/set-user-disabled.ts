import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import { changeUserAsAdmin, type AdminUserChangeDeps } from "./admin-user-change";
import { adminUserDetailSchema, getUserForAdmin, type AdminUserDetail } from "./get-user";

export const disableUserResultSchema = z.object({ user: adminUserDetailSchema, revoked_sessions: z.number().int(), revoked_api_keys: z.number().int() });
export type DisableUserResult = z.infer<typeof disableUserResultSchema>;

/**
 * Disable: the flag, every open session and every API key change in one
 * transaction, so the user's next request (browser or script) is refused and
 * logging in is refused too. Revoked keys stay revoked after re-enabling: the
 * user creates new ones. Idempotent.
 */
export async function disableUser(deps: AdminUserChangeDeps, actor: Viewer, userId: string, origin: RequestOrigin): Promise<DisableUserResult> {
  const counts = await changeUserAsAdmin(
    deps,
    actor,
    { userId, action: "admin.user.disable", selfRefusal: "You cannot disable your own account. Ask another administrator to do it." },
    origin,
    async (tx, target) => {
      const now = deps.now();
      await tx.user.update({ where: { id: userId }, data: { disabled: true } });
      const sessions = await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
      const keys = await tx.apiKey.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
      await recordAuditEvent(
        tx,
        {
          actorUserId: actor.id,
          action: "admin.user.disable",
          targetType: "user",
          targetId: userId,
          metadata: { email: target.email, was_disabled: target.disabled, revoked_sessions: sessions.count, revoked_api_keys: keys.count },
        },
        origin,
      );
      return { revoked_sessions: sessions.count, revoked_api_keys: keys.count };
    },
  );
  deps.log.info("user disabled", { actor_id: actor.id, user_id: userId, ...counts });
  return { user: await getUserForAdmin(deps, userId), ...counts };
}

/** Re-enable: the user can log in again (old sessions and keys stay revoked). Idempotent. */
export async function enableUser(deps: AdminUserChangeDeps, actor: Viewer, userId: string, origin: RequestOrigin): Promise<AdminUserDetail> {
  await changeUserAsAdmin(
    deps,
    actor,
    { userId, action: "admin.user.enable", selfRefusal: "You cannot re-enable your own account." },
    origin,
    async (tx, target) => {
      await tx.user.update({ where: { id: userId }, data: { disabled: false } });
      await recordAuditEvent(
        tx,
        { actorUserId: actor.id, action: "admin.user.enable", targetType: "user", targetId: userId, metadata: { email: target.email, was_disabled: target.disabled } },
        origin,
      );
    },
  );
  deps.log.info("user enabled", { actor_id: actor.id, user_id: userId });
  return getUserForAdmin(deps, userId);
}
