import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import type { Cluster } from "@/server/infra/db/client";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";
import { joinTokenCounts, type JoinTokenWithCounts } from "./join-token-view";

/** A join token of a cluster the viewer may see, by its public id; NOT_FOUND otherwise (another user's looks absent). */
export async function findJoinToken(
  deps: Pick<ServiceDeps, "db">,
  viewer: Viewer,
  input: { clusterId: string; tokenId: string },
): Promise<{ cluster: Cluster; token: JoinTokenWithCounts }> {
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  const token = await deps.db.joinToken.findUnique({ where: { clusterId_tokenId: { clusterId: cluster.id, tokenId: input.tokenId } }, include: joinTokenCounts });
  if (!token) throw notFound(`Join token ${input.tokenId}`);
  return { cluster, token };
}
