import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { newId } from "@/server/domain/ids";
import { formatToken, generateBootstrapToken, hashTokenSecret } from "@/server/domain/join-tokens/bootstrap-token";
import { buildDirectJoinCommand, buildJoinCommand } from "@/server/domain/join-tokens/join-command";
import { tokenExpiresAt } from "@/server/domain/join-tokens/token-ttl";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { assertNodeRoom } from "@/server/services/billing/quota-checks";
import { notifyIfQuotaRefusal } from "@/server/services/notifications/emitters";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { requireJoinBaseUrl, type JoinDeps } from "./join-runtime-deps";
import { joinTokenCounts, joinTokenViewSchema, toJoinTokenView } from "./join-token-view";

export const createdJoinTokenSchema = z.object({
  join_token: joinTokenViewSchema,
  /** `<id>.<secret>`: returned once, never stored. */
  token: z.string(),
  /** Through the platform's join-script proxy (join_base_url). */
  join_command: z.string(),
  /** Straight to the vCluster's /node/join, as in spec §5.5; null while the cluster has no public endpoint. */
  direct_join_command: z.string().nullable(),
});
export type CreatedJoinToken = z.infer<typeof createdJoinTokenSchema>;

/**
 * Spec §5.5: a real bootstrap token inside the vCluster (kube-system Secret of
 * type bootstrap.kubernetes.io/token), only its hash and metadata in
 * join_tokens, and the join command returned once.
 */
export async function createJoinToken(
  deps: JoinDeps,
  viewer: Viewer,
  input: { clusterId: string; ttlSeconds: number; description?: string; /** null or absent: unlimited. */ maxUses?: number | null },
  origin: RequestOrigin,
): Promise<CreatedJoinToken> {
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  // Before anything is issued in the cluster: a token would let one more node join.
  await assertNodeRoom(deps.db, cluster, deps.now()).catch(async (error: unknown) => {
    await notifyIfQuotaRefusal(deps, cluster.ownerId, error, "join_token.create");
    throw error;
  });
  const baseUrl = await requireJoinBaseUrl(deps);
  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  const token = generateBootstrapToken();
  const now = deps.now();
  const expiresAt = tokenExpiresAt(now, input.ttlSeconds);
  const description = input.description?.trim() || `KubeBYON join token for ${cluster.name}`;
  await deps.issuer.create({ credentials: connection.credentials, token, expiresAt, description });

  const row = await deps.db.$transaction(async (tx) => {
    const created = await tx.joinToken.create({
      data: {
        id: newId("tok"),
        clusterId: cluster.id,
        tokenId: token.id,
        secretHash: hashTokenSecret(token),
        description,
        expiresAt,
        createdById: viewer.id,
        usages: ["authentication", "signing"],
        maxUses: input.maxUses ?? null,
      },
      include: joinTokenCounts,
    });
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "join_token.create", targetType: "cluster", targetId: cluster.id, metadata: { token_id: token.id, expires_at: expiresAt.toISOString(), max_uses: input.maxUses ?? null } }, origin);
    return created;
  });
  deps.log.info("join token issued", { cluster_id: cluster.id, token_id: token.id, expires_at: expiresAt.toISOString(), max_uses: input.maxUses ?? null });
  return {
    join_token: toJoinTokenView(row, now),
    token: formatToken(token),
    join_command: buildJoinCommand({ baseUrl, clusterId: cluster.id, token }),
    direct_join_command: connection.apiEndpoint ? buildDirectJoinCommand({ endpoint: connection.apiEndpoint, token }) : null,
  };
}
