import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import { AppError } from "@/server/domain/errors";
import type { Cluster, Prisma } from "@/server/infra/db/client";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { ResolvedConnection } from "@/server/services/clusters/kubeconfig-resolver";

/**
 * The connection behind any kubeconfig a user downloads. With public access off there is nothing a user could
 * reach, so the answer is a clear 409 rather than an internal address.
 */
export async function connectForUserKubeconfig(
  deps: ClusterConnectionDeps & { db: Pick<Prisma.TransactionClient, "systemSetting"> },
  cluster: Cluster,
): Promise<ResolvedConnection & { apiEndpoint: string }> {
  if (effectivePublicAccessMode({ enabled: cluster.publicAccessEnabled, mode: cluster.publicAccessMode }) === "off") {
    throw new AppError(
      "CONFLICT",
      "Public access is off for this cluster, so there is no kubeconfig to download. Turn on public access (nodeport or loadbalancer) in the cluster settings first.",
    );
  }
  const connection = await connectToCluster(deps, cluster);
  const apiEndpoint = connection.apiEndpoint;
  if (!apiEndpoint) {
    throw new AppError("PRECONDITION_FAILED", `The cluster's public endpoint is not known yet${connection.pendingReason ? `: ${connection.pendingReason}` : ""}. Try again shortly.`);
  }
  return { ...connection, apiEndpoint };
}
