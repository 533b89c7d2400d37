import { joinTokenState, type JoinTokenState } from "@/server/domain/join-tokens/join-token-state";
import { TokenIssuerError } from "@/server/domain/join-tokens/token-issuer-error";
import type { Cluster, JoinToken, Prisma } from "@/server/infra/db/client";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { TokenIssuer } from "./token-issuer";

/** Tokens cleaned (and rows deleted) per pass at most, so a large backlog spreads over passes instead of stalling one. */
export const JOIN_TOKEN_CLEANUP_BATCH = 100;

export interface JoinTokenCleanupDeps extends ServiceDeps, ClusterConnectionDeps {
  issuer: TokenIssuer;
  /** KUBEBYON_JOIN_TOKEN_RETENTION_DAYS: how long a cleaned token's row stays before it is deleted. */
  retentionDays: number;
}

export interface JoinTokenCleanupResult {
  /** Tokens whose Secret was removed (or whose cluster is gone) and that were marked cleaned in this pass. */
  cleaned: Array<{ tokenId: string; clusterId: string; reason: CleanupReason }>;
  /** Clusters left for the next pass, with why (one entry per cluster, however many tokens wait there). */
  skipped: Array<{ clusterId: string; error: string }>;
  /** Rows deleted because they were cleaned longer ago than the retention. */
  deleted: number;
}

type CleanupReason = Exclude<JoinTokenState, "active">;
type Candidate = JoinToken & { cluster: Cluster };

const DAY_MS = 24 * 3600_000;

/**
 * One pass of the join-token cleanup (docs/join-tokens.md "Cleanup"): every token that is expired, used up or
 * revoked and not cleaned yet loses its bootstrap token Secret in the vCluster (TokenIssuer.revoke, idempotent:
 * a Secret that is gone already is fine), then its row gets cleaned_at and the audit trail a `join_token.cleanup`
 * by the system. A deleted cluster's tokens are only marked (the vCluster is gone). A cluster that cannot be
 * reached, or is not ready, is skipped as a whole until the next pass; the others go on. Rows cleaned longer ago
 * than the retention are deleted (their sessions and provenance keep the public token_id). Safe to run from two
 * processes at once: the row is marked only while still uncleaned, so each token is audited once.
 */
export async function cleanUpJoinTokens(deps: JoinTokenCleanupDeps): Promise<JoinTokenCleanupResult> {
  const now = deps.now();
  const result: JoinTokenCleanupResult = { cleaned: [], skipped: [], deleted: 0 };
  const skippedClusters = new Set<string>();
  // Batches until the pass's budget is spent or nothing is left; each round either marks tokens or skips a cluster.
  while (result.cleaned.length < JOIN_TOKEN_CLEANUP_BATCH) {
    const batch = await findCandidates(deps.db, now, [...skippedClusters], JOIN_TOKEN_CLEANUP_BATCH - result.cleaned.length);
    if (batch.length === 0) break;
    for (const [clusterId, tokens] of groupByCluster(batch)) {
      const outcome = await cleanCluster(deps, tokens, now);
      if ("error" in outcome) {
        skippedClusters.add(clusterId);
        result.skipped.push({ clusterId, error: outcome.error });
        continue;
      }
      result.cleaned.push(...outcome.cleaned);
    }
  }
  result.deleted = await deleteExpiredRows(deps.db, new Date(now.getTime() - deps.retentionDays * DAY_MS));
  return result;
}

function findCandidates(db: ServiceDeps["db"], now: Date, skipClusterIds: string[], take: number): Promise<Candidate[]> {
  return db.joinToken.findMany({
    where: {
      cleanedAt: null,
      ...(skipClusterIds.length > 0 && { clusterId: { notIn: skipClusterIds } }),
      // A limited token whose uses reached the limit; max_uses null compares as unknown, so unlimited ones never match.
      OR: [{ revokedAt: { not: null } }, { expiresAt: { lte: now } }, { usedCount: { gte: db.joinToken.fields.maxUses } }],
    },
    include: { cluster: true },
    orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
    take,
  });
}

function groupByCluster(tokens: Candidate[]): Map<string, Candidate[]> {
  const groups = new Map<string, Candidate[]>();
  for (const token of tokens) groups.set(token.clusterId, [...(groups.get(token.clusterId) ?? []), token]);
  return groups;
}

async function cleanCluster(deps: JoinTokenCleanupDeps, tokens: Candidate[], now: Date): Promise<{ cleaned: JoinTokenCleanupResult["cleaned"] } | { error: string }> {
  const cluster = tokens[0]!.cluster;
  const cleaned: JoinTokenCleanupResult["cleaned"] = [];
  try {
    // A deleted cluster's vCluster (and every Secret in it) went with it; there is nothing left to delete.
    const credentials = cluster.status === "deleted" ? undefined : (await connectToCluster({ resolver: deps.resolver, db: deps.db }, cluster)).credentials;
    for (const token of tokens) {
      if (credentials) await deps.issuer.revoke({ credentials, tokenId: token.tokenId });
      const reason = joinTokenState(token, now) as CleanupReason;
      if (await markCleaned(deps, token, reason, cluster.status === "deleted")) cleaned.push({ tokenId: token.tokenId, clusterId: cluster.id, reason });
    }
    return { cleaned };
  } catch (error) {
    // Tokens cleaned before the failure stay cleaned; the rest of the cluster waits for the next pass.
    if (cleaned.length > 0) return { cleaned };
    return { error: error instanceof TokenIssuerError ? error.detail : error instanceof Error ? error.message : String(error) };
  }
}

async function markCleaned(deps: JoinTokenCleanupDeps, token: Candidate, reason: CleanupReason, clusterDeleted: boolean): Promise<boolean> {
  return deps.db.$transaction(async (tx) => {
    // Only while still uncleaned: another process's pass may have taken the same token.
    const { count } = await tx.joinToken.updateMany({ where: { id: token.id, cleanedAt: null }, data: { cleanedAt: deps.now() } });
    if (count === 0) return false;
    const metadata: Prisma.InputJsonObject = { token_id: token.tokenId, reason, ...(clusterDeleted && { cluster_deleted: true }) };
    await recordAuditEvent(tx, { actorUserId: null, action: "join_token.cleanup", targetType: "cluster", targetId: token.clusterId, metadata });
    return true;
  });
}

async function deleteExpiredRows(db: ServiceDeps["db"], cleanedBefore: Date): Promise<number> {
  const rows = await db.joinToken.findMany({ where: { cleanedAt: { lt: cleanedBefore } }, select: { id: true }, orderBy: { cleanedAt: "asc" }, take: JOIN_TOKEN_CLEANUP_BATCH });
  if (rows.length === 0) return 0;
  const { count } = await db.joinToken.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
  return count;
}
