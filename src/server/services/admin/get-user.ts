import { notFound } from "@/server/domain/errors";
import type { ClusterStatus } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { LIVE_CLUSTERS, toAdminUserView, type AdminUserView } from "./admin-user-view";

export interface AdminUserDetail extends AdminUserView {
  /** Sessions that would still be accepted: not revoked, not expired. */
  active_sessions: number;
  /** API keys that would still be accepted: not revoked, not expired. */
  active_api_keys: number;
  clusters: Array<{ id: string; name: string; status: ClusterStatus; created_at: string }>;
}

export async function getUserForAdmin(deps: Pick<ServiceDeps, "db" | "now">, userId: string): Promise<AdminUserDetail> {
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound(`User ${userId}`);
  const now = deps.now();
  const [activeSessions, activeApiKeys, clusters] = await Promise.all([
    deps.db.session.count({ where: { userId, revokedAt: null, expiresAt: { gt: now } } }),
    deps.db.apiKey.count({ where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } }),
    deps.db.cluster.findMany({ where: { ownerId: userId, ...LIVE_CLUSTERS }, orderBy: { createdAt: "desc" }, select: { id: true, name: true, status: true, createdAt: true } }),
  ]);
  return {
    ...toAdminUserView(user, clusters.length),
    active_sessions: activeSessions,
    active_api_keys: activeApiKeys,
    clusters: clusters.map((c) => ({ id: c.id, name: c.name, status: c.status, created_at: c.createdAt.toISOString() })),
  };
}
