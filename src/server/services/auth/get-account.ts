import { z } from "zod";
import { notFound } from "@/server/domain/errors";
import { userRoleSchema, type Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";

/** The caller's own account as /me shows it. */
export const accountViewSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), role: userRoleSchema, created_at: z.string() });
export type AccountView = z.infer<typeof accountViewSchema>;

export async function getAccount(deps: ServiceDeps, viewer: Viewer): Promise<AccountView> {
  const user = await deps.db.user.findUnique({ where: { id: viewer.id } });
  if (!user) throw notFound("Your account");
  return { id: user.id, email: user.email, name: user.name, role: user.role, created_at: user.createdAt.toISOString() };
}
