import type { Viewer } from "@/server/domain/auth/viewer";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { findJoinToken } from "./find-join-token";
import type { JoinDeps } from "./join-runtime-deps";
import { joinTokenCounts, toJoinTokenView, type JoinTokenView } from "./join-token-view";

/**
 * Deletes the bootstrap token Secret in the vCluster (the apiserver then
 * refuses it within its ~10 s auth cache), marks the row revoked and ends the
 * token's unfinished join sessions as refused (token_revoked). Nodes that
 * already joined keep working: their kubelets hold their own certificates.
 * Idempotent; the Secret is deleted first so a failure leaves the row active
 * and the user can retry.
 */
export async function revokeJoinToken(deps: JoinDeps, viewer: Viewer, input: { clusterId: string; tokenId: string }, origin: RequestOrigin): Promise<JoinTokenView> {
  const { cluster, token: row } = await findJoinToken(deps, viewer, input);
  if (row.revokedAt) return toJoinTokenView(row, deps.now());
  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  await deps.issuer.revoke({ credentials: connection.credentials, tokenId: row.tokenId });
  const updated = await deps.db.$transaction(async (tx) => {
    const now = deps.now();
    const revoked = await tx.joinToken.update({ where: { id: row.id }, data: { revokedAt: now }, include: joinTokenCounts });
    const ended = await deps.endRevokedTokenSessions(tx, row.id, now);
    await recordAuditEvent(
      tx,
      { actorUserId: viewer.id, action: "join_token.revoke", targetType: "cluster", targetId: cluster.id, metadata: { token_id: row.tokenId, ended_session_ids: ended } },
      origin,
    );
    return revoked;
  });
  return toJoinTokenView(updated, deps.now());
}
