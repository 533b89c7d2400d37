import { notFound } from "@/server/domain/errors";
import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";

export async function getAccount(deps: ServiceDeps, viewer: Viewer) {
  const user = await deps.db.user.findUnique({ where: { id: viewer.id } });
  if (!user) throw notFound("Your account");
  return { id: user.id, email: user.email, name: user.name, role: user.role, created_at: user.createdAt.toISOString() };
}
