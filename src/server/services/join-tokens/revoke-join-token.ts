import type { Viewer } from "@/server/domain/auth/viewer";
import { notFound } from "@/server/domain/errors";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { JoinDeps } from "./join-runtime-deps";
import { toJoinTokenView, type JoinTokenView } from "./join-token-view";

/**
 * Deletes the bootstrap token Secret in the vCluster (the apiserver then
 * refuses it within its ~10 s auth cache) and marks the row revoked.
 * Idempotent; the Secret is deleted first so a failure leaves the row active
 * and the user can retry.
 */
export async function revokeJoinToken(deps: JoinDeps, viewer: Viewer, input: { clusterId: string; tokenId: string }, origin: RequestOrigin): Promise<JoinTokenView> {
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  const row = await deps.db.joinToken.findUnique({ where: { clusterId_tokenId: { clusterId: cluster.id, tokenId: input.tokenId } } });
  if (!row) throw notFound(`Join token ${input.tokenId}`);
  if (row.revokedAt) return toJoinTokenView(row, deps.now());
  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  await deps.issuer.revoke({ credentials: connection.credentials, tokenId: row.tokenId });
  const updated = await deps.db.$transaction(async (tx) => {
    const revoked = await tx.joinToken.update({ where: { id: row.id }, data: { revokedAt: deps.now() } });
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "join_token.revoke", targetType: "cluster", targetId: cluster.id, metadata: { token_id: row.tokenId } }, origin);
    return revoked;
  });
  return toJoinTokenView(updated, deps.now());
}
