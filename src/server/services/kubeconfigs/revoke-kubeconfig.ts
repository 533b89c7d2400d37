import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { credentialNames, toKubeconfigCredentialView, type KubeconfigCredentialView } from "./kubeconfig-credential-view";
import type { KubeconfigDeps } from "./kubeconfig-deps";

/**
 * Ends a credential at once: its bindings and ServiceAccount are deleted in the vCluster (the token is allowed
 * nothing on its next request and refused outright within the apiserver's 10 s authentication cache), then the row is
 * marked. Allowed to the cluster's owner and admins, which includes every credential's holder; anyone else is told
 * the cluster does not exist. Revoking a revoked credential changes nothing.
 */
export async function revokeKubeconfig(
  deps: KubeconfigDeps,
  viewer: Viewer,
  input: { clusterId: string; credentialId: string },
  origin: RequestOrigin,
): Promise<KubeconfigCredentialView> {
  // The owner and admins reach the cluster; a credential's holder is always one of them (issueKubeconfig).
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  const row = await deps.db.kubeconfigCredential.findFirst({ where: { id: input.credentialId, clusterId: cluster.id }, include: credentialNames });
  if (!row) throw notFound(`Kubeconfig credential ${input.credentialId}`);
  if (row.revokedAt) return toKubeconfigCredentialView(row, deps.now());

  // A cleaned credential has no ServiceAccount left; a deleted cluster has no vCluster left.
  if (!row.cleanedAt && cluster.status !== "deleted") {
    const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
    await deps.accessIssuer.remove({ credentials: connection.credentials, serviceAccountName: row.serviceAccountName });
  }
  const now = deps.now();
  const updated = await deps.db.$transaction(async (tx) => {
    const changed = await tx.kubeconfigCredential.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: now, revokedById: viewer.id } });
    if (changed.count > 0) {
      await recordAuditEvent(
        tx,
        { actorUserId: viewer.id, action: "kubeconfig.revoke", targetType: "cluster", targetId: row.clusterId, metadata: { credential_id: row.id, access: row.access, user_id: row.userId } },
        origin,
      );
    }
    return tx.kubeconfigCredential.findUniqueOrThrow({ where: { id: row.id }, include: credentialNames });
  });
  deps.log.info("kubeconfig revoked", { cluster_id: row.clusterId, credential_id: row.id });
  return toKubeconfigCredentialView(updated, deps.now());
}
