import type { Viewer } from "@/server/domain/auth/viewer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import { toProfileView, type ProfileView } from "./profile-view";

/** Removes the avatar (the console falls back to initials). Idempotent: without an avatar nothing is written. */
export async function deleteAvatar(deps: ServiceDeps, viewer: Viewer, origin: RequestOrigin): Promise<ProfileView> {
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.userAvatar.deleteMany({ where: { userId: viewer.id } });
    const user = await tx.user.update({ where: { id: viewer.id }, data: { avatarUrl: null } });
    if (count > 0) await recordAuditEvent(tx, { actorUserId: viewer.id, action: "profile.avatar_delete", targetType: "user", targetId: viewer.id }, origin);
    return toProfileView(user);
  });
}
