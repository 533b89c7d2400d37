import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { buildJoinCommand } from "@/server/domain/join-tokens/join-command";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { issueJoinToken } from "./issue-join-token";
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
  const { token, row } = await issueJoinToken(
    deps,
    viewer,
    { cluster, credentials: connection.credentials, ttlSeconds: RESET_TOKEN_TTL_SECONDS, description: `KubeBYON reset token for ${cluster.name}`, maxUses: nodes.length, purpose: "reset" },
    origin,
  );
  const command = buildJoinCommand({ baseUrl, clusterId: cluster.id, token, flags: ["--reset-only"] });
  return {
    token_id: token.id,
    expires_at: row.expiresAt.toISOString(),
    commands: nodes.map((n) => ({ node_name: n.name, internal_ip: n.internalIp, command })),
  };
}
