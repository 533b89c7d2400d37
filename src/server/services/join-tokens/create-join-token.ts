import { z } from "zod";
import type { Viewer } from "@/server/domain/auth/viewer";
import { formatToken } from "@/server/domain/join-tokens/bootstrap-token";
import { buildDirectJoinCommand, buildJoinCommand } from "@/server/domain/join-tokens/join-command";
import { assertNodeRoom } from "@/server/services/billing/quota-checks";
import { notifyIfQuotaRefusal } from "@/server/services/notifications/emitters";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin } from "@/server/services/service-deps";
import { issueJoinToken } from "./issue-join-token";
import { requireJoinBaseUrl, type JoinDeps } from "./join-runtime-deps";
import { joinTokenViewSchema, toJoinTokenView } from "./join-token-view";

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
  const description = input.description?.trim() || `KubeBYON join token for ${cluster.name}`;
  const { token, row, now } = await issueJoinToken(
    deps,
    viewer,
    { cluster, credentials: connection.credentials, ttlSeconds: input.ttlSeconds, description, maxUses: input.maxUses ?? null, purpose: "join" },
    origin,
  );
  return {
    join_token: toJoinTokenView(row, now),
    token: formatToken(token),
    join_command: buildJoinCommand({ baseUrl, clusterId: cluster.id, token }),
    direct_join_command: connection.apiEndpoint ? buildDirectJoinCommand({ endpoint: connection.apiEndpoint, token }) : null,
  };
}
