import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { KubeconfigResolver } from "@/server/services/clusters/kubeconfig-resolver";
import type { ServiceDeps } from "@/server/services/service-deps";

/**
 * Stores the vCluster's /version on the cluster row (`control_plane_version`), for the kubelet
 * version-skew alert. The observer calls it when it connects and after each watch break: an upgrade
 * restarts the control plane, which breaks the watch, so the stored version follows upgrades without
 * the alert evaluator having to reach every cluster itself. A failed probe keeps the last version.
 */
export async function recordControlPlaneVersion(
  deps: Pick<ServiceDeps, "db" | "log"> & { resolver: Pick<KubeconfigResolver, "probe"> },
  clusterId: string,
  credentials: ClusterCredentials,
): Promise<string | null> {
  const probe = await deps.resolver.probe(credentials, { timeoutMs: 10_000 });
  if (!probe.ok) {
    deps.log.warn("could not read the control plane's /version; the version-skew alert keeps the last one", { cluster_id: clusterId, error: probe.error });
    return null;
  }
  // Written only when it changed (SQL's NOT(NULL = x) is not true, hence the explicit NULL case).
  await deps.db.cluster.updateMany({
    where: { id: clusterId, OR: [{ controlPlaneVersion: null }, { NOT: { controlPlaneVersion: probe.gitVersion } }] },
    data: { controlPlaneVersion: probe.gitVersion },
  });
  return probe.gitVersion;
}
