/**
 * Per-key token buckets: `burst` requests at once, then one more every
 * `windowSeconds` (the spec's KUBEBYON_*_RATE_LIMIT_* semantics). At most
 * `maxEntries` keys are tracked; the least recently used key is forgotten
 * first, so a flood of distinct addresses cannot exhaust memory.
 */
export interface RateLimitRule {
  windowSeconds: number;
  burst: number;
  maxEntries: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): RateLimitDecision {
    const t = this.now();
    const refillMs = this.rule.windowSeconds * 1000;
    const prev = this.buckets.get(key);
    let tokens = this.rule.burst;
    if (prev) {
      tokens = Math.min(this.rule.burst, prev.tokens + (t - prev.updatedAt) / refillMs);
      this.buckets.delete(key); // re-insert below to mark as most recently used
    }
    if (tokens < 1) {
      this.buckets.set(key, { tokens, updatedAt: t });
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.round((1 - tokens) * refillMs) / 1000)) };
    }
    this.buckets.set(key, { tokens: tokens - 1, updatedAt: t });
    while (this.buckets.size > this.rule.maxEntries) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
    return { allowed: true };
  }

  get size(): number {
    return this.buckets.size;
  }
}
