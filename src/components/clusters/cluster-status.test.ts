import { describe, expect, it } from "vitest";
import { createClusterInput, hasActiveOperation, JOIN_TTL_OPTIONS } from "./cluster-status";

describe("cluster console helpers", () => {
  it("polls only while an operation is pending or running", () => {
    expect(hasActiveOperation([{ status: "succeeded" }, { status: "failed" }])).toBe(false);
    expect(hasActiveOperation([{ status: "failed" }, { status: "running" }])).toBe(true);
    expect(hasActiveOperation([{ status: "pending" }])).toBe(true);
    expect(hasActiveOperation([])).toBe(false);
  });

  it("sends mode off when public access is disabled and omits an empty host", () => {
    expect(createClusterInput({ name: " a ", enabled: false, mode: "loadbalancer", host: " " })).toEqual({
      name: "a",
      public_access_enabled: false,
      public_access_mode: "off",
    });
    expect(createClusterInput({ name: "b", enabled: true, mode: "loadbalancer", host: " k.example.com " })).toEqual({
      name: "b",
      public_access_enabled: true,
      public_access_mode: "loadbalancer",
      control_plane_host: "k.example.com",
    });
  });

  it("offers the join token lifetimes of the plan", () => {
    expect(JOIN_TTL_OPTIONS.map((o) => o.seconds)).toEqual([3600, 6 * 3600, 24 * 3600, 7 * 24 * 3600]);
  });
});
