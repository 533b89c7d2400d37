import { describe, expect, it } from "vitest";
import {
  describeError,
  isExhaustedAfterLeaseExpiry,
  isLeasable,
  leaseRenewIntervalMs,
  trimErrorText,
  unknownKindError,
} from "./lease-rules";

const now = new Date("2025-01-01T12:00:00Z");
const before = new Date(now.getTime() - 1);
const after = new Date(now.getTime() + 1);

describe("isLeasable", () => {
  it("takes pending jobs whose run_after has come", () => {
    expect(isLeasable({ status: "pending", runAfter: before, leaseExpiresAt: null }, now)).toBe(true);
    expect(isLeasable({ status: "pending", runAfter: now, leaseExpiresAt: null }, now)).toBe(true);
  });

  it("leaves pending jobs that are backing off", () => {
    expect(isLeasable({ status: "pending", runAfter: after, leaseExpiresAt: null }, now)).toBe(false);
  });

  it("takes over running jobs only once their lease expired", () => {
    expect(isLeasable({ status: "running", runAfter: before, leaseExpiresAt: before }, now)).toBe(true);
    expect(isLeasable({ status: "running", runAfter: before, leaseExpiresAt: after }, now)).toBe(false);
    expect(isLeasable({ status: "running", runAfter: before, leaseExpiresAt: null }, now)).toBe(false);
  });

  it("never takes finished jobs", () => {
    expect(isLeasable({ status: "succeeded", runAfter: before, leaseExpiresAt: null }, now)).toBe(false);
    expect(isLeasable({ status: "failed", runAfter: before, leaseExpiresAt: before }, now)).toBe(false);
    expect(isLeasable({ status: "dead", runAfter: before, leaseExpiresAt: before }, now)).toBe(false);
  });
});

describe("isExhaustedAfterLeaseExpiry", () => {
  it("is true only for an expired lease on the last attempt", () => {
    expect(isExhaustedAfterLeaseExpiry({ status: "running", attempts: 5, maxAttempts: 5, leaseExpiresAt: before }, now)).toBe(true);
    expect(isExhaustedAfterLeaseExpiry({ status: "running", attempts: 4, maxAttempts: 5, leaseExpiresAt: before }, now)).toBe(false);
    expect(isExhaustedAfterLeaseExpiry({ status: "running", attempts: 5, maxAttempts: 5, leaseExpiresAt: after }, now)).toBe(false);
    expect(isExhaustedAfterLeaseExpiry({ status: "pending", attempts: 5, maxAttempts: 5, leaseExpiresAt: null }, now)).toBe(false);
  });
});

describe("leaseRenewIntervalMs", () => {
  it("renews three times per lease, never more often than every 50ms", () => {
    expect(leaseRenewIntervalMs(60_000)).toBe(20_000);
    expect(leaseRenewIntervalMs(90)).toBe(50);
  });
});

describe("trimErrorText", () => {
  it("keeps short messages as they are, trimmed", () => {
    expect(trimErrorText("  helm failed \n")).toBe("helm failed");
  });

  it("cuts long messages to the limit and says how much was dropped", () => {
    const text = "x".repeat(10_000);
    const trimmed = trimErrorText(text, 100);
    expect(trimmed).toHaveLength(100);
    expect(trimmed).toMatch(/\[\d+ more characters\]$/);
    expect(trimmed.startsWith("xxxx")).toBe(true);
  });
});

describe("error texts", () => {
  it("names the kind and tells the operator what to do", () => {
    expect(unknownKindError("cluster.resize")).toBe("no handler is registered for job kind 'cluster.resize' — upgrade the worker");
  });

  it("describes non-Error throws", () => {
    expect(describeError(new Error("boom"))).toBe("boom");
    expect(describeError("plain")).toBe("plain");
    expect(describeError({ code: 7 })).toBe('{"code":7}');
  });
});
