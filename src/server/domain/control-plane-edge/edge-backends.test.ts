import { describe, expect, it } from "vitest";
import { edgeBackendsFor, selectEdgeNodeAddresses } from "./edge-backends";

const node = (name: string, ready: boolean, addresses: Array<[string, string]>) => ({ name, ready, addresses: addresses.map(([type, address]) => ({ type, address })) });

describe("selectEdgeNodeAddresses", () => {
  it("takes every InternalIP of the Ready nodes, never an ExternalIP or Hostname, sorted by node", () => {
    const selection = selectEdgeNodeAddresses([
      node("n2", true, [["InternalIP", "10.0.0.2"], ["ExternalIP", "203.0.113.2"], ["Hostname", "n2"]]),
      node("n1", true, [["ExternalIP", "203.0.113.1"], ["InternalIP", "fd00::1"], ["InternalIP", "10.0.0.1"], ["InternalIP", "10.0.0.1"]]),
    ]);
    expect(selection.addresses).toEqual([
      { nodeName: "n1", address: "10.0.0.1" },
      { nodeName: "n1", address: "fd00::1" },
      { nodeName: "n2", address: "10.0.0.2" },
    ]);
    expect(selection.ignored).toEqual([]);
    expect(edgeBackendsFor(selection, 30443)).toEqual([
      { address: "10.0.0.1", port: 30443 },
      { address: "fd00::1", port: 30443 },
      { address: "10.0.0.2", port: 30443 },
    ]);
  });

  it("leaves out nodes that are not Ready, have no InternalIP, or report a name instead of an IP, saying why", () => {
    const selection = selectEdgeNodeAddresses([
      node("down", false, [["InternalIP", "10.0.0.3"]]),
      node("external-only", true, [["ExternalIP", "203.0.113.4"]]),
      node("named", true, [["InternalIP", "node.internal"]]),
    ]);
    expect(selection.addresses).toEqual([]);
    expect(selection.ignored).toEqual([
      { nodeName: "down", reason: "the node is not Ready" },
      { nodeName: "external-only", reason: "the node reports no InternalIP" },
      { nodeName: "named", reason: "the node's InternalIP node.internal is not an IP address" },
    ]);
  });
});
