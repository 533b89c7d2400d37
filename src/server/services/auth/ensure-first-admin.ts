import { randomBytes } from "node:crypto";
import { newId } from "@/server/domain/ids";
import { emailSchema, passwordSchema } from "@/server/domain/auth/credentials";
import { lockUntilCommit } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { AuthDeps } from "@/server/services/auth/auth-deps";

export type FirstAdminResult =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | undefined };

/**
 * On a fresh database, creates the first administrator from the configured
 * credentials, or with a generated password that the caller prints once.
 * Does nothing once any admin exists, so restarts keep the data as it is.
 */
export async function ensureFirstAdmin(
  deps: AuthDeps,
  configured: { email: string; password: string | undefined },
): Promise<FirstAdminResult> {
  const email = emailSchema.parse(configured.email);
  const generatedPassword = configured.password ? undefined : randomBytes(18).toString("base64url");
  const password = passwordSchema.parse(configured.password ?? generatedPassword);
  const passwordHash = await deps.hasher.hash(password);

  // Serialise concurrent starts (web + worker) on a transaction-scoped advisory lock.
  return deps.db.$transaction(async (tx) => {
    await lockUntilCommit(tx, "firstAdmin");
    if ((await tx.user.count({ where: { role: "admin" } })) > 0) return { created: false } as const;
    const id = newId("usr");
    await tx.user.upsert({
      where: { email },
      create: { id, email, name: "Administrator", passwordHash, role: "admin", emailVerifiedAt: deps.now() },
      update: { role: "admin", passwordHash, disabled: false },
    });
    await recordAuditEvent(tx, { actorUserId: null, action: "auth.first_admin_created", targetType: "user", targetId: email });
    return { created: true, email, generatedPassword } as const;
  });
}
