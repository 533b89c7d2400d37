import { describe, expect, it } from "vitest";
import { diffNodes, type NodeState } from "./node-events";

const n = (name: string, status: NodeState["status"], unschedulable = false): NodeState => ({ name, status, unschedulable });
const types = (events: ReturnType<typeof diffNodes>) => events.map((e) => `${e.nodeName}:${e.type}`);

describe("diffNodes", () => {
  it("yields nothing for an unchanged list", () => {
    const nodes = [n("a", "ready"), n("b", "not_ready", true)];
    expect(diffNodes(nodes, nodes.map((x) => ({ ...x })))).toEqual([]);
  });

  it("reports a new NotReady node as joined only, and a new Ready node as joined + ready", () => {
    expect(types(diffNodes([], [n("b", "ready"), n("a", "not_ready")]))).toEqual(["a:joined", "b:joined", "b:ready"]);
  });

  it("reports a new cordoned node as joined + cordoned", () => {
    expect(types(diffNodes([], [n("a", "unknown", true)]))).toEqual(["a:joined", "a:cordoned"]);
  });

  it("maps Ready transitions to ready, not_ready and offline", () => {
    expect(diffNodes([n("a", "not_ready")], [n("a", "ready")])).toEqual([
      { nodeName: "a", type: "ready", reason: "StatusChanged_not_ready_to_ready", message: "Node is Ready." },
    ]);
    expect(types(diffNodes([n("a", "ready")], [n("a", "not_ready")]))).toEqual(["a:not_ready"]);
    expect(types(diffNodes([n("a", "ready")], [n("a", "unknown")]))).toEqual(["a:offline"]);
  });

  it("reports cordon and uncordon", () => {
    expect(types(diffNodes([n("a", "ready")], [n("a", "ready", true)]))).toEqual(["a:cordoned"]);
    expect(types(diffNodes([n("a", "ready", true)], [n("a", "ready")]))).toEqual(["a:uncordoned"]);
  });

  it("reports a status change and a cordon of the same node together, status first", () => {
    expect(types(diffNodes([n("a", "ready")], [n("a", "not_ready", true)]))).toEqual(["a:not_ready", "a:cordoned"]);
  });

  it("reports vanished nodes as deleted", () => {
    expect(types(diffNodes([n("a", "ready"), n("b", "ready")], [n("b", "ready")]))).toEqual(["a:deleted"]);
  });
});
