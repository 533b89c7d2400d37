import { AppError } from "@/server/domain/errors";
import { hashTokenSecret, parseToken } from "@/server/domain/join-tokens/bootstrap-token";
import type { JoinFailure } from "@/server/domain/join-sessions/join-failure-fixes";
import { renderJoinWrapper } from "@/server/domain/join-sessions/join-wrapper-script";
import { joinTokenRefusal, usedUp } from "@/server/domain/join-sessions/token-refusal";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { requireJoinBaseUrl } from "@/server/services/join-tokens/join-runtime-deps";
import { sameHash } from "@/server/services/join-tokens/serve-join-script";
import type { JoinSessionDeps } from "./join-session-deps";
import { openJoinSession, refuseJoinSession } from "./open-join-session";

const refused = () => new AppError("UNAUTHORIZED", "This join token is unknown, expired or revoked. Create a new join command in the console.");

export type JoinScriptAnswer =
  /** The wrapper for a new open session. */
  | { kind: "wrapper"; sessionId: string; script: string }
  /** The right secret, but the token may not be used any more: a finished `refused` session records why. */
  | { kind: "refused"; sessionId: string; failure: JoinFailure };

/**
 * GET /api/join/clusters/{id}/script?token= (docs/join-sessions.md). The token is the credential: an unknown token
 * or a wrong secret is 401 and writes nothing. A known token that is revoked, expired or used up gets a `refused`
 * session saying why. Otherwise one conditional UPDATE counts the use (a fetch that loses the race for the last use
 * is refused as used up), a session opens, and the answer is the platform's wrapper script for that session.
 */
export async function serveJoinWrapper(deps: JoinSessionDeps, input: { clusterId: string; token: string | null; clientIp: string | null }): Promise<JoinScriptAnswer> {
  const token = input.token ? parseToken(input.token) : undefined;
  if (!token) throw refused();
  const row = await deps.db.joinToken.findUnique({ where: { clusterId_tokenId: { clusterId: input.clusterId, tokenId: token.id } }, include: { cluster: true } });
  if (!row || !sameHash(row.secretHash, hashTokenSecret(token))) throw refused();
  const session = { clusterId: row.clusterId, joinTokenId: row.id, tokenId: row.tokenId, clientIp: input.clientIp };
  const refusal = joinTokenRefusal(row, deps.now());
  if (refusal) return { kind: "refused", failure: refusal, sessionId: await refuseJoinSession(deps.db, session, refusal, deps.now()) };

  // Before anything is counted: a cluster that is not ready answers 503 and the use is not spent.
  const connection = await connectToCluster({ resolver: deps.cluster.resolver, db: deps.db }, row.cluster);
  const platformUrl = await requireJoinBaseUrl(deps);
  const now = deps.now();
  const opened = await deps.db.$transaction(async (tx) => {
    // One conditional increment: of two fetches racing for a token's last use, exactly one counts.
    const counted = await tx.joinToken.updateMany({
      where: { id: row.id, revokedAt: null, expiresAt: { gt: now }, OR: [{ maxUses: null }, { usedCount: { lt: tx.joinToken.fields.maxUses } }] },
      data: { usedCount: { increment: 1 }, lastUsedAt: now },
    });
    return counted.count === 1 ? openJoinSession(tx, session, now) : undefined;
  });
  if (!opened) {
    const failure = usedUp(row.maxUses);
    return { kind: "refused", failure, sessionId: await refuseJoinSession(deps.db, session, failure, deps.now()) };
  }
  deps.log.info("join session opened", { cluster_id: row.clusterId, session_id: opened.sessionId, token_id: row.tokenId });
  const script = renderJoinWrapper({
    platformUrl,
    clusterId: row.clusterId,
    sessionId: opened.sessionId,
    sessionSecret: opened.secret,
    token: input.token!,
    controlPlaneEndpoint: connection.apiEndpoint,
    clusterCaPem: connection.credentials.caPem ?? "",
  });
  return { kind: "wrapper", sessionId: opened.sessionId, script };
}

/** Where the wrapper reports: the join_base_url system setting, else KUBEBYON_PUBLIC_URL (as in the join command). */
