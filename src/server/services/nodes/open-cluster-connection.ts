import type { Viewer } from "@/server/domain/auth/viewer";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { Cluster } from "@/server/infra/db/client";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import type { ServiceDeps } from "@/server/services/service-deps";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";

export type ClusterAccessDeps = Pick<ServiceDeps, "db"> & ClusterConnectionDeps;

/** Ownership check first (another user's cluster is NOT_FOUND), then the platform's credentials for its API server. */
export async function openClusterConnection(
  deps: ClusterAccessDeps,
  viewer: Viewer,
  clusterId: string,
): Promise<{ cluster: Cluster; credentials: ClusterCredentials }> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const { credentials } = await connectToCluster(deps, cluster);
  return { cluster, credentials };
}
