import type { RateLimitRule } from "@/server/domain/rate-limit/token-bucket-limiter";

/**
 * Reports a join session may send (docs/join-sessions.md "Limits"). A wrapper run sends about a dozen; 60 a minute
 * per session (burst 60, one more a second) leaves room for retries, and 600 a minute per client address lets many
 * machines behind one NAT join at once.
 */
export const JOIN_EVENTS_PER_SESSION: RateLimitRule = { windowSeconds: 1, burst: 60, maxEntries: 10_000 };
export const JOIN_EVENTS_PER_IP: RateLimitRule = { windowSeconds: 0.1, burst: 600, maxEntries: 10_000 };

/** Largest report body accepted (form-urlencoded); each field is capped again by the report schema. */
export const MAX_JOIN_REPORT_BYTES = 64 * 1024;
