import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import type { TokenBucketLimiter } from "@/server/domain/rate-limit/token-bucket-limiter";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { requireCurrentPassword } from "@/server/services/auth/require-current-password";
import { notifyPasswordChanged } from "@/server/services/notifications/emitters";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { AuthDeps } from "@/server/services/auth/auth-deps";

export interface ChangePasswordInput {
  currentPassword: string | undefined;
  /** Already checked against the registration policy (passwordSchema) at the API boundary. */
  newPassword: string;
  /** The auth rate limiter: password confirmations are counted per user. */
  reauthLimiter?: TokenBucketLimiter;
}

/**
 * Sets a new password after re-authentication and ends every OTHER session of
 * the user in the same transaction: whoever may have had the old password (or
 * a stolen cookie) is signed out, the browser making the change stays signed
 * in. API keys are left alone (they are revoked one by one on the API keys page).
 */
export async function changePassword(deps: AuthDeps, viewer: Viewer, input: ChangePasswordInput, origin: RequestOrigin): Promise<{ revokedSessions: number }> {
  await requireCurrentPassword(deps, viewer, input.currentPassword, { action: "profile.password_change", origin, limiter: input.reauthLimiter });
  if (input.currentPassword !== undefined && input.currentPassword === input.newPassword) {
    throw new AppError("BAD_REQUEST", "The new password is the same as the current one. Choose a different password.");
  }
  const passwordHash = await deps.hasher.hash(input.newPassword);
  const keepSessionId = viewer.auth.method === "session" ? viewer.auth.sessionId : undefined;
  const revokedSessions = await deps.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: viewer.id }, data: { passwordHash } });
    const { count } = await tx.session.updateMany({
      where: { userId: viewer.id, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
      data: { revokedAt: deps.now() },
    });
    await recordAuditEvent(
      tx,
      { actorUserId: viewer.id, action: "profile.password_change", targetType: "user", targetId: viewer.id, metadata: { sessions_revoked: count, via: viewer.auth.method } },
      origin,
    );
    return count;
  });
  deps.log.info("password changed", { user_id: viewer.id, sessions_revoked: revokedSessions });
  await notifyPasswordChanged(deps, viewer.id, "profile");
  return { revokedSessions };
}
