import { describe, expect, it } from "vitest";
import { TokenBucketLimiter } from "./token-bucket-limiter";

describe("TokenBucketLimiter", () => {
  it("allows the burst, then refuses with Retry-After until a token refills", () => {
    let now = 0;
    const l = new TokenBucketLimiter({ windowSeconds: 30, burst: 5, maxEntries: 10 }, () => now);
    for (let i = 0; i < 5; i++) expect(l.take("1.2.3.4").allowed).toBe(true);
    expect(l.take("1.2.3.4")).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now += 10_000;
    expect(l.take("1.2.3.4")).toEqual({ allowed: false, retryAfterSeconds: 20 });
    now += 20_000;
    expect(l.take("1.2.3.4").allowed).toBe(true);
    expect(l.take("1.2.3.4").allowed).toBe(false);
    expect(l.take("5.6.7.8").allowed).toBe(true);
  });

  it("forgets the least recently used keys beyond maxEntries", () => {
    const l = new TokenBucketLimiter({ windowSeconds: 3, burst: 1, maxEntries: 2 }, () => 0);
    l.take("a");
    l.take("b");
    l.take("c");
    expect(l.size).toBe(2);
    expect(l.take("a").allowed).toBe(true); // "a" was evicted, so it starts fresh
    expect(l.take("c").allowed).toBe(false);
  });
});
