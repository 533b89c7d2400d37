import { describe, expect, it } from "vitest";
import { drainSkipReason } from "./drain-report";

describe("drainSkipReason", () => {
  it("skips mirror pods whatever their owner", () => {
    expect(drainSkipReason({ annotations: { "kubernetes.io/config.mirror": "abc" }, ownerReferences: [{ kind: "Node", controller: true }] })).toBe("skipped_mirror");
  });
  it("skips pods controlled by a DaemonSet", () => {
    expect(drainSkipReason({ ownerReferences: [{ kind: "DaemonSet", controller: true }] })).toBe("skipped_daemonset");
  });
  it("evicts pods that merely reference a DaemonSet without being controlled by it, and plain pods", () => {
    expect(drainSkipReason({ ownerReferences: [{ kind: "DaemonSet" }] })).toBeNull();
    expect(drainSkipReason({ ownerReferences: [{ kind: "ReplicaSet", controller: true }] })).toBeNull();
    expect(drainSkipReason({})).toBeNull();
  });
});
