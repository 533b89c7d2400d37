import { describe, expect, it } from "vitest";
import { decideFailureOutcome, defaultBackoffPolicy, retryDelayMs } from "./retry-backoff";

const noJitter = { ...defaultBackoffPolicy, jitter: 0 };

describe("retryDelayMs", () => {
  it("doubles from the base delay after each attempt", () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, noJitter))).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it("never exceeds the cap", () => {
    expect(retryDelayMs(30, noJitter)).toBe(300_000);
    expect(retryDelayMs(1_000, defaultBackoffPolicy, () => 0)).toBe(300_000);
  });

  it("jitter only shortens the delay, by at most the jitter fraction", () => {
    expect(retryDelayMs(2, defaultBackoffPolicy, () => 0)).toBe(10_000);
    expect(retryDelayMs(2, defaultBackoffPolicy, () => 0.999999)).toBe(8_000);
    expect(retryDelayMs(2, defaultBackoffPolicy, () => 0.5)).toBe(9_000);
  });

  it("treats attempt 0 like the first attempt", () => {
    expect(retryDelayMs(0, noJitter)).toBe(5_000);
  });
});

describe("decideFailureOutcome", () => {
  it("retries while attempts remain", () => {
    expect(decideFailureOutcome({ attempts: 1, maxAttempts: 3, retry: true, policy: noJitter })).toEqual({ status: "pending", retryInMs: 5_000 });
    expect(decideFailureOutcome({ attempts: 2, maxAttempts: 3, retry: true, policy: noJitter })).toEqual({ status: "pending", retryInMs: 10_000 });
  });

  it("is dead once the last attempt failed", () => {
    expect(decideFailureOutcome({ attempts: 3, maxAttempts: 3, retry: true })).toEqual({ status: "dead" });
    expect(decideFailureOutcome({ attempts: 4, maxAttempts: 3, retry: true })).toEqual({ status: "dead" });
  });

  it("fails at once when the failure is not retryable, even with attempts left or none left", () => {
    expect(decideFailureOutcome({ attempts: 1, maxAttempts: 5, retry: false })).toEqual({ status: "failed" });
    expect(decideFailureOutcome({ attempts: 5, maxAttempts: 5, retry: false })).toEqual({ status: "failed" });
  });
});
