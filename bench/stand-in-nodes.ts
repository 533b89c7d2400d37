import { CoreV1Api, type KubeConfig, type V1NodeCondition, type V1NodeStatus } from "@kubernetes/client-node";
import { mergePatch, registerNode } from "@/server/infra/kube/node-kubelet.test-fixtures";

// Kubelets for the node benchmarks (bench:nodes, bench:observer): Node objects registered and their status posted
// the way a kubelet does (four conditions, addresses, capacity/allocatable, nodeInfo, daemonEndpoints, the well-known
// labels), then status churn at a fixed rate — heartbeat times moving and, now and then, Ready flipping.

/** The labels a kubelet puts on its Node at registration (kubelet's `initialNode`). */
function kubeletLabels(name: string): Record<string, string> {
  return {
    "kubernetes.io/os": "linux",
    "kubernetes.io/arch": "amd64",
    "beta.kubernetes.io/os": "linux",
    "beta.kubernetes.io/arch": "amd64",
    "node.kubernetes.io/instance-type": "byon-2c4g",
    "topology.kubernetes.io/zone": `zone-${name.length % 3}`,
  };
}

/** The host part of a loopback address for node `index` (tests only ever address loopback). */
function nodeAddress(index: number): string {
  return `127.${40 + Math.floor(index / 65_025)}.${Math.floor(index / 255) % 255}.${(index % 255) + 1}`;
}

/** The status a kubelet posts: `ready` decides the Ready condition, `at` every heartbeat time. */
export function kubeletStatus(name: string, index: number, ready: boolean, at: Date, readySince: Date): V1NodeStatus {
  const condition = (type: string, status: string, reason: string, message: string, since: Date): V1NodeCondition => ({
    type,
    status,
    reason,
    message,
    lastHeartbeatTime: at,
    lastTransitionTime: since,
  });
  return {
    conditions: [
      condition("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", readySince),
      condition("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure", readySince),
      condition("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available", readySince),
      ready
        ? condition("Ready", "True", "KubeletReady", "kubelet is posting ready status", readySince)
        : condition("Ready", "False", "KubeletNotReady", "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady", readySince),
    ],
    addresses: [
      { type: "InternalIP", address: nodeAddress(index) },
      { type: "Hostname", address: name },
    ],
    capacity: { cpu: "2", "ephemeral-storage": "41152812Ki", "hugepages-2Mi": "0", memory: "4028284Ki", pods: "110" },
    allocatable: { cpu: "2", "ephemeral-storage": "37926431477", "hugepages-2Mi": "0", memory: "3925884Ki", pods: "110" },
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    nodeInfo: {
      machineID: `${index.toString(16).padStart(32, "0")}`,
      systemUUID: `00000000-0000-0000-0000-${index.toString(16).padStart(12, "0")}`,
      bootID: `b00700000-${index}`,
      kernelVersion: "6.1.0-31-amd64",
      osImage: "Debian GNU/Linux 12 (bookworm)",
      containerRuntimeVersion: "containerd://1.7.24",
      kubeletVersion: "v1.37.2",
      kubeProxyVersion: "",
      operatingSystem: "linux",
      architecture: "amd64",
    },
  };
}

/** Runs `task` over `items`, `parallel` at a time. */
export async function inParallel<T>(items: readonly T[], parallel: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
}

export interface StandInNodes {
  names: string[];
  core: CoreV1Api;
}

/** Registers `count` Nodes (`<prefix>-00001`, …) and posts each one's Ready status, `parallel` kubelets at a time. */
export async function postStandInNodes(kubeConfig: KubeConfig, opts: { count: number; prefix: string; parallel?: number }): Promise<StandInNodes> {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const names = Array.from({ length: opts.count }, (_, i) => `${opts.prefix}-${String(i + 1).padStart(5, "0")}`);
  await inParallel(names, opts.parallel ?? 16, async (name, i) => {
    await registerNode(core, name, kubeletLabels(name));
    const now = new Date();
    await core.patchNodeStatus({ name, body: { status: kubeletStatus(name, i, true, now, now) } }, mergePatch);
  });
  return { names, core };
}

export interface ChurnCounts {
  /** Status posts the API server accepted. */
  updates: number;
  /** Of those, posts that changed Ready (True → False or back). */
  readyFlips: number;
  errors: number;
}

export interface Churn {
  counts(): ChurnCounts;
  stop(): Promise<ChurnCounts>;
}

/**
 * Posts node status round-robin over every node of every cluster at `perSecond` posts a second (a fixed schedule,
 * not as fast as possible, so the load is the same whatever the observer does): every post moves the heartbeat
 * times, and every `flipEvery`-th post also flips its node's Ready condition (NotReady, then Ready again on that
 * node's next flip), as a kubelet whose runtime restarts would.
 */
export function startChurn(clusters: readonly StandInNodes[], opts: { perSecond: number; flipEvery: number }): Churn {
  const slots = clusters.flatMap((c) => c.names.map((name, index) => ({ core: c.core, name, index, ready: true, since: new Date() })));
  const counts: ChurnCounts = { updates: 0, readyFlips: 0, errors: 0 };
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  let sent = 0;
  let cursor = 0;
  const post = (slot: (typeof slots)[number]) => {
    const flip = sent % opts.flipEvery === opts.flipEvery - 1;
    if (flip) {
      slot.ready = !slot.ready;
      slot.since = new Date();
    }
    const request = slot.core
      .patchNodeStatus({ name: slot.name, body: { status: kubeletStatus(slot.name, slot.index, slot.ready, new Date(), slot.since) } }, mergePatch)
      .then(
        () => {
          counts.updates++;
          if (flip) counts.readyFlips++;
        },
        () => {
          counts.errors++;
        },
      )
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  // A 20 ms tick sends what the schedule owes by now, so a slow tick catches up instead of lowering the rate.
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - started) / 1000) * opts.perSecond);
    while (sent < due && slots.length > 0) {
      post(slots[cursor]!);
      cursor = (cursor + 1) % slots.length;
      sent++;
    }
  }, 20);
  return {
    counts: () => ({ ...counts }),
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return { ...counts };
    },
  };
}
