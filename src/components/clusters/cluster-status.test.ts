import { describe, expect, it } from "vitest";
import { hasActiveOperation, JOIN_TTL_OPTIONS } from "./cluster-status";

describe("cluster console helpers", () => {
  it("polls only while an operation is pending or running", () => {
    expect(hasActiveOperation([{ status: "succeeded" }, { status: "failed" }])).toBe(false);
    expect(hasActiveOperation([{ status: "failed" }, { status: "running" }])).toBe(true);
    expect(hasActiveOperation([{ status: "pending" }])).toBe(true);
    expect(hasActiveOperation([])).toBe(false);
  });

  it("offers the join token lifetimes of the plan", () => {
    expect(JOIN_TTL_OPTIONS.map((o) => o.seconds)).toEqual([3600, 6 * 3600, 24 * 3600, 7 * 24 * 3600]);
  });
});
