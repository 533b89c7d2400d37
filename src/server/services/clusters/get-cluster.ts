import type { Viewer } from "@/server/domain/auth/viewer";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toClusterView, type ClusterView } from "./cluster-view";
import { findAccessibleCluster } from "./find-accessible-cluster";

export async function getCluster(deps: Pick<ServiceDeps, "db">, viewer: Viewer, clusterId: string): Promise<ClusterView> {
  return toClusterView(await findAccessibleCluster(deps, viewer, clusterId));
}
