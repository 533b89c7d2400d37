import { CoreV1Api, type V1Node } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { JoinedNodeRouteSource } from "@/server/domain/pod-routes/pod-route";
import type { JoinedNodeRouteReader } from "@/server/services/pod-routes/ports";
import { clusterApiError } from "./cluster-api-error";
import { callOptions } from "./kube-calls";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";

/** What a route needs of a Node: spec.podCIDRs (spec.podCIDR on servers that fill only that) and its first InternalIP. */
export function routeSourceOf(clusterId: string, node: V1Node): JoinedNodeRouteSource {
  const podCIDRs = node.spec?.podCIDRs?.length ? node.spec.podCIDRs : node.spec?.podCIDR ? [node.spec.podCIDR] : [];
  return {
    clusterId,
    nodeName: node.metadata?.name ?? "",
    podCIDRs,
    internalIp: node.status?.addresses?.find((a) => a.type === "InternalIP")?.address ?? null,
  };
}

/** JoinedNodeRouteReader on a cluster's own API server (its vCluster), with the platform's credentials for it. */
export class KubeJoinedNodeRouteReader implements JoinedNodeRouteReader {
  constructor(private readonly opts: { timeoutMs?: number } = {}) {}

  async list(clusterId: string, credentials: ClusterCredentials): Promise<JoinedNodeRouteSource[]> {
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    try {
      const nodes = await core.listNode({}, callOptions({ timeoutMs: this.opts.timeoutMs ?? 10_000 }));
      return nodes.items.map((n) => routeSourceOf(clusterId, n));
    } catch (err) {
      throw clusterApiError("list nodes", credentials.server, err);
    }
  }
}
