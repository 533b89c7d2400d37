import type { JoinToken } from "@/server/infra/db/client";

export interface JoinTokenView {
  id: string;
  cluster_id: string;
  token_id: string;
  description: string | null;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  used_count: number;
  last_used_at: string | null;
  /** active | expired | revoked, derived from the timestamps. */
  state: "active" | "expired" | "revoked";
}

export function toJoinTokenView(t: JoinToken, now: Date): JoinTokenView {
  return {
    id: t.id,
    cluster_id: t.clusterId,
    token_id: t.tokenId,
    description: t.description,
    expires_at: t.expiresAt.toISOString(),
    revoked_at: t.revokedAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    used_count: t.usedCount,
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    state: t.revokedAt ? "revoked" : t.expiresAt <= now ? "expired" : "active",
  };
}
