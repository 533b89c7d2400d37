import { describe, expect, it } from "vitest";
import { decideWorkloadBackend, probeablePods, withNodePortProbe, type ControllerBackendView } from "./backend-decision";

const ready = (name: string, address: string) => ({ name, ready: true, addresses: [{ type: "InternalIP", address }, { type: "Hostname", address: name }] });
const view: ControllerBackendView = {
  pods: [
    { name: "ctl-b", ip: "10.244.1.9", ready: true },
    { name: "ctl-a", ip: "10.244.0.3", ready: true },
    { name: "ctl-starting", ip: "10.244.0.4", ready: false },
    { name: "ctl-pending", ip: null, ready: true },
  ],
  httpNodePort: 31080,
  nodes: [ready("n2", "192.168.0.12"), ready("n1", "192.168.0.11"), { name: "n3", ready: false, addresses: [{ type: "InternalIP", address: "192.168.0.13" }] }],
};

describe("decideWorkloadBackend", () => {
  it("probes only Ready pods with an IP", () => {
    expect(probeablePods(view)).toEqual([{ name: "ctl-a", ip: "10.244.0.3" }, { name: "ctl-b", ip: "10.244.1.9" }]);
  });

  it("every Ready pod reachable: PodIP:80", () => {
    const d = decideWorkloadBackend(view, new Set(["10.244.0.3", "10.244.1.9"]));
    expect(d).toMatchObject({ mode: "pod-ip", addresses: ["10.244.0.3", "10.244.1.9"], port: 80 });
  });

  it("one pod unreachable: every Ready joined node's InternalIP with the http NodePort, and the reason names the pod", () => {
    const d = decideWorkloadBackend(view, new Set(["10.244.0.3"]));
    expect(d).toMatchObject({ mode: "node-port", addresses: ["192.168.0.11", "192.168.0.12"], port: 31080 });
    expect(d.reason).toContain("ctl-b (10.244.1.9:80)");
  });

  it("no Ready pod: NodePort; no NodePort or no Ready node: none, saying why", () => {
    expect(decideWorkloadBackend({ ...view, pods: [] }, new Set()).mode).toBe("node-port");
    expect(decideWorkloadBackend({ ...view, pods: [], httpNodePort: null }, new Set())).toMatchObject({ mode: "none", reason: expect.stringMatching(/no http NodePort/) });
    expect(decideWorkloadBackend({ ...view, pods: [], nodes: [] }, new Set())).toMatchObject({ mode: "none", reason: expect.stringMatching(/no joined node is Ready/) });
  });
});

describe("withNodePortProbe", () => {
  it("records the node addresses that did not answer on the NodePort; other decisions pass through", () => {
    const nodePort = { mode: "node-port" as const, addresses: ["192.168.0.11", "192.168.0.12"], port: 31080, reason: "fallback" };
    expect(withNodePortProbe(nodePort, new Set(["192.168.0.11"]))).toEqual({ ...nodePort, silentAddresses: ["192.168.0.12"] });
    const podIp = { mode: "pod-ip" as const, addresses: ["10.0.0.1"], port: 80, reason: "ok" };
    expect(withNodePortProbe(podIp, new Set())).toBe(podIp);
  });
});
