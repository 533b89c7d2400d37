import { z } from "zod";
import { joinTokenPurposeSchema } from "@/server/domain/join-tokens/join-token-purpose";
import { joinTokenState, joinTokenStateSchema, remainingUses } from "@/server/domain/join-tokens/join-token-state";
import type { JoinToken } from "@/server/infra/db/client";

export const joinTokenViewSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  token_id: z.string(),
  description: z.string().nullable(),
  purpose: joinTokenPurposeSchema,
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  used_count: z.number().int(),
  /** null: unlimited. */
  max_uses: z.number().int().nullable(),
  /** Script fetches left; null when unlimited. */
  remaining_uses: z.number().int().nullable(),
  last_used_at: z.string().nullable(),
  /** When the cleanup loop removed the token's Secret from the cluster; null until then. */
  cleaned_at: z.string().nullable(),
  /** Derived: revoked > expired > used_up > active. */
  state: joinTokenStateSchema,
  /** Join sessions opened with the token (one per script fetch by the join wrapper). */
  sessions_count: z.number().int(),
  /** Nodes whose kubelet bootstrapped with the token (join_token_nodes). */
  nodes_count: z.number().int(),
});
export type JoinTokenView = z.infer<typeof joinTokenViewSchema>;

/** Add to a joinToken query so its rows carry what toJoinTokenView counts. */
export const joinTokenCounts = { _count: { select: { sessions: true, nodes: true } } } as const;
export type JoinTokenWithCounts = JoinToken & { _count: { sessions: number; nodes: number } };

export function toJoinTokenView(t: JoinTokenWithCounts, now: Date): JoinTokenView {
  return {
    id: t.id,
    cluster_id: t.clusterId,
    token_id: t.tokenId,
    description: t.description,
    purpose: joinTokenPurposeSchema.parse(t.purpose),
    expires_at: t.expiresAt.toISOString(),
    revoked_at: t.revokedAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    used_count: t.usedCount,
    max_uses: t.maxUses,
    remaining_uses: remainingUses(t),
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    cleaned_at: t.cleanedAt?.toISOString() ?? null,
    state: joinTokenState(t, now),
    sessions_count: t._count.sessions,
    nodes_count: t._count.nodes,
  };
}
