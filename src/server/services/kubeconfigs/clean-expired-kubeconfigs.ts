import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { KubeconfigDeps } from "./kubeconfig-deps";

export interface KubeconfigCleanupResult {
  /** Credentials whose ServiceAccount is gone now (or whose vCluster is gone). */
  cleaned: string[];
  /** Clusters skipped this pass (not ready, unreachable): their credentials are tried again next pass. */
  skippedClusters: Array<{ clusterId: string; reason: string }>;
}

const BATCH = 500;

/**
 * Deletes the ServiceAccounts of expired credentials from their vClusters and marks them cleaned. Their tokens
 * already stopped at expiry; this keeps the vCluster free of dead identities and bindings. A cluster that cannot be
 * reached is skipped (its rows stay uncleaned for the next pass); one whose vCluster was deleted is cleaned without a
 * call. Revoked credentials were removed when they were revoked.
 */
export async function cleanExpiredKubeconfigs(deps: Omit<KubeconfigDeps, "defaultTtlSeconds">): Promise<KubeconfigCleanupResult> {
  const now = deps.now();
  const due = await deps.db.kubeconfigCredential.findMany({
    where: { expiresAt: { lte: now }, revokedAt: null, cleanedAt: null },
    include: { cluster: true },
    orderBy: { expiresAt: "asc" },
    take: BATCH,
  });
  const byCluster = new Map<string, { cluster: (typeof due)[number]["cluster"]; rows: typeof due }>();
  for (const row of due) {
    const group = byCluster.get(row.clusterId) ?? { cluster: row.cluster, rows: [] };
    group.rows.push(row);
    byCluster.set(row.clusterId, group);
  }
  const result: KubeconfigCleanupResult = { cleaned: [], skippedClusters: [] };
  for (const [clusterId, { cluster, rows }] of byCluster) {
    try {
      if (cluster.status !== "deleted") {
        const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
        for (const row of rows) await deps.accessIssuer.remove({ credentials: connection.credentials, serviceAccountName: row.serviceAccountName });
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result.skippedClusters.push({ clusterId, reason });
      deps.log.info("expired kubeconfigs of a cluster left for the next pass", { cluster_id: clusterId, error: reason });
      continue;
    }
    const ids = rows.map((row) => row.id);
    await deps.db.$transaction(async (tx) => {
      await tx.kubeconfigCredential.updateMany({ where: { id: { in: ids }, cleanedAt: null }, data: { cleanedAt: deps.now() } });
      await recordAuditEvent(tx, { actorUserId: null, action: "kubeconfig.clean", targetType: "cluster", targetId: clusterId, metadata: { credential_ids: ids } });
    });
    result.cleaned.push(...ids);
  }
  return result;
}
