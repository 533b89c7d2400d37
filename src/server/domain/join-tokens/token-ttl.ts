import { z } from "zod";

/** Same default as `vcluster token create` (1 h). */
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
/** Shorter tokens expire before a slow machine finishes downloading the node binaries. */
export const MIN_TOKEN_TTL_SECONDS = 600;
export const MAX_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

const RANGE_MESSAGE = `ttl_seconds must be between ${MIN_TOKEN_TTL_SECONDS} (10 minutes) and ${MAX_TOKEN_TTL_SECONDS} (7 days); leave it out for the default of ${DEFAULT_TOKEN_TTL_SECONDS} (1 hour).`;

/** `ttl_seconds` of POST /api/console/clusters/{id}/join-token. */
export const ttlSecondsSchema = z
  .number({ error: "ttl_seconds must be a whole number of seconds." })
  .int({ error: "ttl_seconds must be a whole number of seconds." })
  .min(MIN_TOKEN_TTL_SECONDS, { error: RANGE_MESSAGE })
  .max(MAX_TOKEN_TTL_SECONDS, { error: RANGE_MESSAGE })
  .default(DEFAULT_TOKEN_TTL_SECONDS);

export function tokenExpiresAt(now: Date, ttlSeconds: number): Date {
  return new Date(now.getTime() + ttlSeconds * 1000);
}
