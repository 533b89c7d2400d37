import { z } from "zod";
import { joinTokenStateSchema } from "@/server/domain/join-tokens/join-token-state";
import type { JoinToken } from "@/server/infra/db/client";

export const joinTokenViewSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  token_id: z.string(),
  description: z.string().nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  used_count: z.number().int(),
  last_used_at: z.string().nullable(),
  /** Derived from the timestamps. */
  state: joinTokenStateSchema,
});
export type JoinTokenView = z.infer<typeof joinTokenViewSchema>;

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
