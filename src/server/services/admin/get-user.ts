import { z } from "zod";
import { clusterStatusSchema } from "@/server/domain/clusters/cluster-states";
import { notFound } from "@/server/domain/errors";
import type { ServiceDeps } from "@/server/services/service-deps";
import { adminUserViewSchema, LIVE_CLUSTERS, toAdminUserView } from "./admin-user-view";

export const adminUserDetailSchema = adminUserViewSchema.extend({
  /** Sessions that would still be accepted: not revoked, not expired. */
  active_sessions: z.number().int(),
  /** API keys that would still be accepted: not revoked, not expired. */
  active_api_keys: z.number().int(),
  clusters: z.array(z.object({ id: z.string(), name: z.string(), status: clusterStatusSchema, created_at: z.string() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

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
