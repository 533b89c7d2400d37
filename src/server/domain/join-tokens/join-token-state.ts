import { z } from "zod";

/**
 * A join token's state as users see it, derived from its revoked and expiry times and its uses. When several
 * apply, the first of revoked > expired > used_up wins: a revoked token stays "revoked" even after it expires.
 */
export const joinTokenStates = ["active", "expired", "revoked", "used_up"] as const;
export const joinTokenStateSchema = z.enum(joinTokenStates);
export type JoinTokenState = z.infer<typeof joinTokenStateSchema>;

/** The columns the state is derived from (join_tokens). */
export interface JoinTokenUsage {
  revokedAt: Date | null;
  expiresAt: Date;
  usedCount: number;
  /** null: unlimited. */
  maxUses: number | null;
}

/** Script fetches left before the token is used up; null when it has no limit. Never negative. */
export function remainingUses(token: Pick<JoinTokenUsage, "usedCount" | "maxUses">): number | null {
  return token.maxUses === null ? null : Math.max(0, token.maxUses - token.usedCount);
}

export function joinTokenState(token: JoinTokenUsage, now: Date): JoinTokenState {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt <= now) return "expired";
  if (remainingUses(token) === 0) return "used_up";
  return "active";
}
