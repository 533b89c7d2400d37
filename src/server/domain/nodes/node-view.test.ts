import { describe, expect, it } from "vitest";
import type { KubeNode } from "./kube-node";
import { nodeRolesOf, nodeStatusOf, nodeViewSchema, toNodeView } from "./node-view";

const readyNode: KubeNode = {
  metadata: {
    name: "worker-1",
    creationTimestamp: "2026-01-01T00:00:00Z",
    labels: { "kubernetes.io/hostname": "worker-1", "node-role.kubernetes.io/worker": "", "node-role.kubernetes.io/edge": "true" },
  },
  spec: { unschedulable: true, podCIDR: "10.244.1.0/24", taints: [{ key: "dedicated", value: "gpu", effect: "NoSchedule" }, { key: "x", effect: "NoExecute" }] },
  status: {
    conditions: [
      { type: "MemoryPressure", status: "False", reason: "KubeletHasSufficientMemory" },
      { type: "Ready", status: "True", reason: "KubeletReady", message: "kubelet is posting ready status", lastHeartbeatTime: new Date("2026-01-01T00:05:00Z") },
    ],
    addresses: [
      { type: "Hostname", address: "worker-1" },
      { type: "InternalIP", address: "10.0.0.5" },
      { type: "ExternalIP", address: "203.0.113.9" },
    ],
    capacity: { cpu: "4", memory: "8Gi", pods: "110", "ephemeral-storage": "50Gi" },
    allocatable: { cpu: "3800m", memory: "7Gi", pods: "110" },
    nodeInfo: { kubeletVersion: "v1.33.1", osImage: "Ubuntu 24.04 LTS", kernelVersion: "6.8.0", containerRuntimeVersion: "containerd://2.0.5" },
  },
};

describe("toNodeView", () => {
  it("maps a kubelet-reported node to the API shape", () => {
    const view = toNodeView(readyNode, new Date("2026-01-01T01:00:30Z"));
    expect(view).toEqual({
      name: "worker-1",
      status: "ready",
      internal_ip: "10.0.0.5",
      external_ip: "203.0.113.9",
      roles: ["edge", "worker"],
      kubelet_version: "v1.33.1",
      os_image: "Ubuntu 24.04 LTS",
      kernel_version: "6.8.0",
      container_runtime: "containerd://2.0.5",
      pod_cidr: "10.244.1.0/24",
      taints: [
        { key: "dedicated", value: "gpu", effect: "NoSchedule" },
        { key: "x", value: null, effect: "NoExecute" },
      ],
      unschedulable: true,
      capacity: { cpu: "4", memory: "8Gi", pods: "110" },
      allocatable: { cpu: "3800m", memory: "7Gi", pods: "110" },
      conditions: [
        { type: "MemoryPressure", status: "False", reason: "KubeletHasSufficientMemory", message: null, last_heartbeat_at: null, last_transition_at: null },
        { type: "Ready", status: "True", reason: "KubeletReady", message: "kubelet is posting ready status", last_heartbeat_at: "2026-01-01T00:05:00.000Z", last_transition_at: null },
      ],
      labels: readyNode.metadata?.labels,
      created_at: "2026-01-01T00:00:00.000Z",
      age_seconds: 3630,
    });
    expect(nodeViewSchema.parse(view)).toEqual(view);
  });

  it("treats a node without status (just registered) as unknown with empty fields", () => {
    const view = toNodeView({ metadata: { name: "bare" } });
    expect(view).toMatchObject({
      name: "bare",
      status: "unknown",
      internal_ip: null,
      roles: [],
      kubelet_version: null,
      unschedulable: false,
      taints: [],
      capacity: { cpu: null, memory: null, pods: null },
      created_at: null,
      age_seconds: null,
    });
  });

  it("never reports a negative age when the creation time is ahead of our clock", () => {
    const view = toNodeView({ metadata: { name: "n", creationTimestamp: new Date("2030-01-01T00:00:00Z") } }, new Date("2029-12-31T23:59:00Z"));
    expect(view.age_seconds).toBe(0);
  });
});

describe("nodeStatusOf", () => {
  const withReady = (status: string): KubeNode => ({ status: { conditions: [{ type: "Ready", status }] } });
  it.each([
    ["True", "ready"],
    ["False", "not_ready"],
    ["Unknown", "unknown"],
  ])("Ready=%s is %s", (status, expected) => {
    expect(nodeStatusOf(withReady(status))).toBe(expected);
  });
  it("ignores other conditions", () => {
    expect(nodeStatusOf({ status: { conditions: [{ type: "DiskPressure", status: "True" }] } })).toBe("unknown");
  });
});

describe("nodeRolesOf", () => {
  it("keeps only node-role labels with a role name, sorted", () => {
    expect(nodeRolesOf({ "node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/": "", "role": "db", "node-role.kubernetes.io/a": "" })).toEqual(["a", "control-plane"]);
  });
});
