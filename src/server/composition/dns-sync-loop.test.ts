import { describe, expect, it } from "vitest";
import { DNS_RETRY_BACKOFF, nextDnsPassDelayMs } from "./dns-sync-loop";

const noJitter = () => 0;

describe("nextDnsPassDelayMs", () => {
  it("waits the interval after a clean pass and after failures only an operator can fix", () => {
    expect(nextDnsPassDelayMs({ transient: false, retryAfterSeconds: undefined }, 0, 60_000)).toBe(60_000);
    expect(nextDnsPassDelayMs({ transient: false, retryAfterSeconds: undefined }, 4, 60_000)).toBe(60_000);
  });

  it("backs off exponentially after transient failures, capped at 10 minutes", () => {
    const delays = [1, 2, 3, 4, 8, 20].map((n) => nextDnsPassDelayMs({ transient: true, retryAfterSeconds: undefined }, n, 60_000, DNS_RETRY_BACKOFF, noJitter));
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 600_000, 600_000]);
    expect(nextDnsPassDelayMs("crashed", 1, 60_000, DNS_RETRY_BACKOFF, noJitter)).toBe(5_000);
  });

  it("waits out the provider's Retry-After when it is longer than the backoff", () => {
    expect(nextDnsPassDelayMs({ transient: true, retryAfterSeconds: 30 }, 1, 60_000, DNS_RETRY_BACKOFF, noJitter)).toBe(30_000);
    expect(nextDnsPassDelayMs({ transient: true, retryAfterSeconds: 1 }, 3, 60_000, DNS_RETRY_BACKOFF, noJitter)).toBe(20_000);
  });
});
