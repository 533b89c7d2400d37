import { z } from "zod";

/** A join token's state as users see it, derived from its revoked and expiry times. */
export const joinTokenStates = ["active", "expired", "revoked"] as const;
export const joinTokenStateSchema = z.enum(joinTokenStates);
export type JoinTokenState = z.infer<typeof joinTokenStateSchema>;
