import { describe, expect, it } from "vitest";
import { endpointChangeNotice, nodesJoinedBeforeChange } from "./endpoint-change-notice";

const now = new Date("2026-12-01T12:00:00Z");
const cluster = {
  control_plane_host: "b.example.test",
  api_endpoint: "https://b.example.test:443",
  previous_control_plane_host: "a.example.test",
  previous_control_plane_host_until: "2026-12-04T11:00:00.000Z",
  control_plane_host_changed_at: "2026-12-01T11:00:00.000Z",
};
const nodes = [
  { name: "old-1", created_at: "2026-11-30T09:00:00.000Z" },
  { name: "new-1", created_at: "2026-12-01T11:30:00.000Z" },
  { name: "old-2", created_at: "2026-12-01T10:59:59.000Z" },
  { name: "unknown", created_at: null },
];

describe("nodesJoinedBeforeChange", () => {
  it("is the nodes created before the change, none without a change", () => {
    expect(nodesJoinedBeforeChange(cluster, nodes)).toEqual(["old-1", "old-2"]);
    expect(nodesJoinedBeforeChange({ control_plane_host_changed_at: null }, nodes)).toEqual([]);
  });
});

describe("endpointChangeNotice", () => {
  it("during the grace names the old name and until when it stays in the certificate", () => {
    expect(endpointChangeNotice(cluster, nodes, now)).toEqual({
      kind: "grace",
      nodes: ["old-1", "old-2"],
      newName: "b.example.test",
      changedAt: "2026-12-01T11:00:00.000Z",
      oldName: "a.example.test",
      until: "2026-12-04T11:00:00.000Z",
    });
  });

  it("after the grace (or with none) says the name they use is gone; the new name falls back to the endpoint's host", () => {
    const ended = { ...cluster, control_plane_host: null, api_endpoint: "https://203.0.113.10:31443", previous_control_plane_host: null, previous_control_plane_host_until: null };
    expect(endpointChangeNotice(ended, nodes, now)).toEqual({ kind: "ended", nodes: ["old-1", "old-2"], newName: "203.0.113.10:31443", changedAt: cluster.control_plane_host_changed_at });
    // until passed but the pass has not cleared it yet: already out of the certificate's promise.
    expect(endpointChangeNotice({ ...cluster, previous_control_plane_host_until: "2026-12-01T11:59:00.000Z" }, nodes, now)?.kind).toBe("ended");
  });

  it("is null when no node joined before the change", () => {
    expect(endpointChangeNotice(cluster, [{ name: "new-1", created_at: "2026-12-01T11:30:00.000Z" }], now)).toBeNull();
    expect(endpointChangeNotice({ ...cluster, control_plane_host_changed_at: null }, nodes, now)).toBeNull();
  });
});
