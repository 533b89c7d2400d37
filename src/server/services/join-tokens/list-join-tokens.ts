import type { Viewer } from "@/server/domain/auth/viewer";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { JoinDeps } from "./join-runtime-deps";
import { joinTokenCounts, toJoinTokenView, type JoinTokenView } from "./join-token-view";

export async function listJoinTokens(deps: Pick<JoinDeps, "db" | "now">, viewer: Viewer, clusterId: string): Promise<JoinTokenView[]> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const rows = await deps.db.joinToken.findMany({ where: { clusterId: cluster.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 200, include: joinTokenCounts });
  const now = deps.now();
  return rows.map((r) => toJoinTokenView(r, now));
}
