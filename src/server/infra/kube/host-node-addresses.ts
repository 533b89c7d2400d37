import { CoreV1Api, type KubeConfig, type V1Node } from "@kubernetes/client-node";
import type { HostNodeAddresses } from "@/server/domain/clusters/nodeport-host-address";
import type { HostNodeAddressReader } from "@/server/services/control-plane-edge/ports";
import { callOptions, KubeApiError } from "./kube-calls";

/** The Node's kubelet reports Ready (condition Ready=True). */
export const isNodeReady = (node: V1Node): boolean => (node.status?.conditions ?? []).some((c) => c.type === "Ready" && c.status === "True");

/** A Node as the address choices read it (nodeport-host-address.ts, edge-backends.ts). */
export const toHostNodeAddresses = (node: V1Node): HostNodeAddresses => ({ name: node.metadata?.name ?? "", ready: isNodeReady(node), addresses: node.status?.addresses ?? [] });

/** HostNodeAddressReader on the host cluster's API: every Node with its Ready condition and addresses. */
export class KubeHostNodeAddresses implements HostNodeAddressReader {
  private readonly core: CoreV1Api;

  constructor(kubeConfig: KubeConfig, private readonly opts: { timeoutMs?: number } = {}) {
    this.core = kubeConfig.makeApiClient(CoreV1Api);
  }

  async list(): Promise<HostNodeAddresses[]> {
    let nodes: V1Node[];
    try {
      nodes = (await this.core.listNode({}, callOptions({ timeoutMs: this.opts.timeoutMs ?? 10_000 }))).items;
    } catch (err) {
      throw KubeApiError.from(err, "listing the host cluster's Nodes");
    }
    return nodes.map(toHostNodeAddresses);
  }
}
