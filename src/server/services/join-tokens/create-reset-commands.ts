import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { generateBootstrapToken, hashTokenSecret } from "@/server/domain/join-tokens/bootstrap-token";
import { buildJoinCommand } from "@/server/domain/join-tokens/join-command";
import { tokenExpiresAt } from "@/server/domain/join-tokens/token-ttl";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { requireJoinBaseUrl, type JoinDeps } from "./join-runtime-deps";

/** A reset runs before the delete and takes minutes: one hour, as `vcluster token create`. */
export const RESET_TOKEN_TTL_SECONDS = 3600;

export const resetCommandsSchema = z.object({
  token_id: z.string(),
  expires_at: z.string(),
  /** One per joined node; run each ON that node BEFORE deleting the cluster (the endpoint dies with it). */
  commands: z.array(z.object({ node_name: z.string(), internal_ip: z.string().nullable(), command: z.string() })),
});
export type ResetCommands = z.infer<typeof resetCommandsSchema>;

/**
 * POST /clusters/{id}/reset-commands: a join token with purpose `reset` (max_uses = joined nodes, 1 h) and the
 * vCluster join script's `--reset-only` command for each joined node. No node-quota check: resetting is exactly
 * what a full cluster needs before it goes. The token row is an ordinary join_tokens row, so token cleanup treats
 * it like any other.
 */
export async function createResetCommands(deps: JoinDeps, viewer: Viewer, clusterId: string, origin: RequestOrigin): Promise<ResetCommands> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  if (cluster.status !== "ready") {
    throw new AppError("CONFLICT", `Cluster ${cluster.name} is ${cluster.status}; reset commands need a ready cluster (its endpoint serves the reset script). Reset nodes before deleting.`);
  }
  const nodes = await deps.db.node.findMany({ where: { clusterId: cluster.id, deletedAt: null }, orderBy: { name: "asc" } });
  if (nodes.length === 0) throw new AppError("PRECONDITION_FAILED", `Cluster ${cluster.name} has no joined nodes; there is nothing to reset.`);
  const baseUrl = await requireJoinBaseUrl(deps);
  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, cluster);
  const token = generateBootstrapToken();
  const now = deps.now();
  const expiresAt = tokenExpiresAt(now, RESET_TOKEN_TTL_SECONDS);
  const description = `KubeBYON reset token for ${cluster.name}`;
  // Kubernetes first, then the row: a failed insert leaves a token that expires in an hour and joins nothing new.
  await deps.issuer.create({ credentials: connection.credentials, token, expiresAt, description });
  await deps.db.$transaction(async (tx) => {
    await tx.joinToken.create({
      data: {
        id: newId("tok"),
        clusterId: cluster.id,
        tokenId: token.id,
        secretHash: hashTokenSecret(token),
        description,
        expiresAt,
        createdById: viewer.id,
        usages: ["authentication", "signing"],
        maxUses: nodes.length,
        purpose: "reset",
      },
    });
    await recordAuditEvent(
      tx,
      { actorUserId: viewer.id, action: "join_token.create", targetType: "cluster", targetId: cluster.id, metadata: { token_id: token.id, purpose: "reset", max_uses: nodes.length, expires_at: expiresAt.toISOString() } },
      origin,
    );
  });
  deps.log.info("reset token issued", { cluster_id: cluster.id, token_id: token.id, nodes: nodes.length });
  const command = buildJoinCommand({ baseUrl, clusterId: cluster.id, token, flags: ["--reset-only"] });
  return {
    token_id: token.id,
    expires_at: expiresAt.toISOString(),
    commands: nodes.map((n) => ({ node_name: n.name, internal_ip: n.internalIp, command })),
  };
}
