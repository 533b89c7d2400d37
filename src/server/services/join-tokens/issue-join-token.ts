import type { Viewer } from "@/server/domain/auth/viewer";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { newId } from "@/server/domain/ids";
import { generateBootstrapToken, hashTokenSecret, type BootstrapToken } from "@/server/domain/join-tokens/bootstrap-token";
import type { JoinTokenPurpose } from "@/server/domain/join-tokens/join-token-purpose";
import { tokenExpiresAt } from "@/server/domain/join-tokens/token-ttl";
import type { Cluster } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { RequestOrigin } from "@/server/services/service-deps";
import type { JoinDeps } from "./join-runtime-deps";
import { joinTokenCounts } from "./join-token-view";

export interface JoinTokenIssue {
  cluster: Cluster;
  credentials: ClusterCredentials;
  ttlSeconds: number;
  description: string;
  /** null: unlimited. */
  maxUses: number | null;
  purpose: JoinTokenPurpose;
}

/**
 * The one way a bootstrap token is issued: the Secret in the vCluster first (a failed insert afterwards leaves a
 * token that expires unused), then the row (secret hash only) with its `join_token.create` audit event.
 */
export async function issueJoinToken(deps: Pick<JoinDeps, "db" | "log" | "now" | "issuer">, viewer: Viewer, input: JoinTokenIssue, origin: RequestOrigin) {
  const token: BootstrapToken = generateBootstrapToken();
  const now = deps.now();
  const expiresAt = tokenExpiresAt(now, input.ttlSeconds);
  await deps.issuer.create({ credentials: input.credentials, token, expiresAt, description: input.description });
  const row = await deps.db.$transaction(async (tx) => {
    const created = await tx.joinToken.create({
      data: {
        id: newId("tok"),
        clusterId: input.cluster.id,
        tokenId: token.id,
        secretHash: hashTokenSecret(token),
        description: input.description,
        expiresAt,
        createdById: viewer.id,
        usages: ["authentication", "signing"],
        maxUses: input.maxUses,
        purpose: input.purpose,
      },
      include: joinTokenCounts,
    });
    const metadata = { token_id: token.id, purpose: input.purpose, expires_at: expiresAt.toISOString(), max_uses: input.maxUses };
    await recordAuditEvent(tx, { actorUserId: viewer.id, action: "join_token.create", targetType: "cluster", targetId: input.cluster.id, metadata }, origin);
    return created;
  });
  deps.log.info("join token issued", { cluster_id: input.cluster.id, token_id: token.id, purpose: input.purpose, expires_at: expiresAt.toISOString(), max_uses: input.maxUses });
  return { token, row, now };
}
