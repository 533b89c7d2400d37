import { AppError, notFound } from "@/server/domain/errors";
import type { Viewer } from "@/server/domain/auth/viewer";
import { lockUntilCommit, type Prisma, type User } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { AuthDeps } from "@/server/services/auth/auth-deps";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";

/** Admin changes to an account: a cached API key lookup of that user is dropped here too (see api-key-cache.ts). */
export type AdminUserChangeDeps = ServiceDeps & Pick<AuthDeps, "apiKeyCache">;

/**
 * The frame every change to another account runs in: one advisory lock for all
 * role/status changes, so two admins demoting or disabling each other at the same
 * moment cannot leave the platform without an administrator; the acting admin is
 * re-read under the lock, and acting on oneself is refused (409) and audited. Once committed, this process
 * forgets the user's cached API keys at once (other processes hear the database's announcement).
 */
export async function changeUserAsAdmin<T>(
  deps: AdminUserChangeDeps,
  actor: Viewer,
  change: { userId: string; action: string; selfRefusal: string },
  origin: RequestOrigin,
  apply: (tx: Prisma.TransactionClient, target: User) => Promise<T>,
): Promise<T> {
  if (change.userId === actor.id) {
    await recordAuditEvent(
      deps.db,
      { actorUserId: actor.id, action: change.action, targetType: "user", targetId: change.userId, result: "failure", metadata: { reason: "self" } },
      origin,
    );
    throw new AppError("CONFLICT", change.selfRefusal);
  }
  const result = await deps.db.$transaction(async (tx) => {
    await lockUntilCommit(tx, "adminUserChanges");
    const self = await tx.user.findUnique({ where: { id: actor.id } });
    if (!self || self.role !== "admin" || self.disabled) throw new AppError("FORBIDDEN", "This action needs an administrator account.");
    const target = await tx.user.findUnique({ where: { id: change.userId } });
    if (!target) throw notFound(`User ${change.userId}`);
    return apply(tx, target);
  });
  deps.apiKeyCache.forgetUser(change.userId);
  return result;
}
