import { joinFailure, type JoinFailure } from "./join-failure-fixes";

export interface JoinTokenUse {
  revokedAt: Date | null;
  expiresAt: Date;
  maxUses: number | null;
  usedCount: number;
}

/** Why a token with the right secret may not fetch a join script any more (checked in this order), or undefined. */
export function joinTokenRefusal(token: JoinTokenUse, now: Date): JoinFailure | undefined {
  if (token.revokedAt) return joinFailure("token_revoked", "This join token was revoked.");
  if (token.expiresAt <= now) return joinFailure("token_expired", `This join token expired at ${token.expiresAt.toISOString()}.`);
  if (token.maxUses !== null && token.usedCount >= token.maxUses) return usedUp(token.maxUses);
  return undefined;
}

export const usedUp = (maxUses: number | null): JoinFailure =>
  joinFailure("token_used_up", `This join token has been used ${maxUses ?? "its maximum number of"} time${maxUses === 1 ? "" : "s"}, its limit.`);
