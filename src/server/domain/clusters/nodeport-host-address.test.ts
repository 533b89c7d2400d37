import { describe, expect, it } from "vitest";
import { chooseNodePortHostAddress, type HostNodeAddresses } from "./nodeport-host-address";

const node = (name: string, ready: boolean, addresses: Array<[string, string]>): HostNodeAddresses => ({
  name,
  ready,
  addresses: addresses.map(([type, address]) => ({ type, address })),
});

describe("chooseNodePortHostAddress", () => {
  it("the setting wins over every node", () => {
    expect(chooseNodePortHostAddress(" 203.0.113.9 ", [node("a", true, [["ExternalIP", "198.51.100.1"]])])).toEqual({ address: "203.0.113.9", source: "setting" });
  });

  it("prefers an ExternalIP of any Ready node over InternalIPs, nodes taken by name", () => {
    const nodes = [
      node("b", true, [["InternalIP", "10.0.0.2"], ["ExternalIP", "198.51.100.2"]]),
      node("a", true, [["InternalIP", "10.0.0.1"]]),
      node("c", true, [["ExternalIP", "198.51.100.3"]]),
    ];
    expect(chooseNodePortHostAddress(null, nodes)).toEqual({ address: "198.51.100.2", source: "node", nodeName: "b" });
  });

  it("falls back to the first Ready node's InternalIP; NotReady nodes and Hostname entries do not count", () => {
    const nodes = [node("a", false, [["ExternalIP", "198.51.100.1"]]), node("c", true, [["InternalIP", "10.0.0.3"]]), node("b", true, [["Hostname", "b"], ["InternalIP", "10.0.0.2"]])];
    expect(chooseNodePortHostAddress("", nodes)).toEqual({ address: "10.0.0.2", source: "node", nodeName: "b" });
  });

  it("says what is missing", () => {
    expect(chooseNodePortHostAddress(null, [])).toEqual({ missing: expect.stringContaining("no Ready Node") });
    expect(chooseNodePortHostAddress(null, [node("a", true, [["Hostname", "a"]])])).toEqual({ missing: expect.stringContaining("ExternalIP or InternalIP") });
  });
});
