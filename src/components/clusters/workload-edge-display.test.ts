import { describe, expect, it } from "vitest";
import { workloadEdgeNeverSynced } from "./workload-edge-display";

describe("workloadEdgeNeverSynced", () => {
  const never = { workload_edge_status: "disabled", workload_edge_message: null, workload_edge_last_synced_at: null } as const;
  it("holds only for the state no pass has written", () => {
    expect(workloadEdgeNeverSynced(never)).toBe(true);
    expect(workloadEdgeNeverSynced({ ...never, workload_edge_message: "managed ingress is off" })).toBe(false);
    expect(workloadEdgeNeverSynced({ ...never, workload_edge_last_synced_at: "2026-12-03T10:00:00.000Z" })).toBe(false);
    expect(workloadEdgeNeverSynced({ ...never, workload_edge_status: "pending" })).toBe(false);
  });
});
