import type { Viewer } from "@/server/domain/auth/viewer";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";
import { credentialNames, toKubeconfigCredentialView, type KubeconfigCredentialView } from "./kubeconfig-credential-view";

const LIST_LIMIT = 200;

/** The caller's own credentials on every cluster, newest first (the profile page). */
export async function listMyKubeconfigCredentials(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer): Promise<KubeconfigCredentialView[]> {
  const rows = await deps.db.kubeconfigCredential.findMany({ where: { userId: viewer.id }, include: credentialNames, orderBy: { createdAt: "desc" }, take: LIST_LIMIT });
  const now = deps.now();
  return rows.map((row) => toKubeconfigCredentialView(row, now));
}

/**
 * The cluster's active credentials, whoever holds them (the cluster page): for its owner, who may revoke any of
 * them, and for admins. Another user's cluster is not found.
 */
export async function listClusterKubeconfigCredentials(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer, clusterId: string): Promise<KubeconfigCredentialView[]> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const now = deps.now();
  const rows = await deps.db.kubeconfigCredential.findMany({
    where: { clusterId: cluster.id, revokedAt: null, expiresAt: { gt: now } },
    include: credentialNames,
    orderBy: { createdAt: "desc" },
    take: LIST_LIMIT,
  });
  return rows.map((row) => toKubeconfigCredentialView(row, now));
}
