import type { Viewer } from "@/server/domain/auth/viewer";
import { MAX_HOSTNAME_BINDINGS_PER_CLUSTER } from "@/server/domain/managed-ingress/hostname-binding";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";
import { toHostnameBindingView, type HostnameBindingView } from "./hostname-binding-view";

/** The cluster's bindings, oldest first (the order they were added in); the cluster must be the caller's (or any, for an admin). */
export async function listHostnameBindings(deps: Pick<ServiceDeps, "db">, viewer: Viewer, clusterId: string): Promise<HostnameBindingView[]> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const rows = await deps.db.hostnameBinding.findMany({
    where: { clusterId: cluster.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: MAX_HOSTNAME_BINDINGS_PER_CLUSTER,
  });
  return rows.map(toHostnameBindingView);
}
