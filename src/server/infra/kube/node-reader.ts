import { CoreV1Api } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { toNodeView, type NodeView } from "@/server/domain/nodes/node-view";
import type { NodeReader } from "@/server/services/nodes/ports";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { clusterApiError } from "./cluster-api-error";
import { callOptions, kubeStatusOf } from "./kube-calls";

export interface KubeNodeReaderOptions {
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  now?: () => Date;
}

/** Reads Node objects straight from the cluster's API server (the spec's live node view). */
export class KubeNodeReader implements NodeReader {
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(options: KubeNodeReaderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? (() => new Date());
  }

  async list(credentials: ClusterCredentials): Promise<NodeView[]> {
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    try {
      const list = await core.listNode({}, callOptions({ timeoutMs: this.timeoutMs }));
      const now = this.now();
      return list.items.map((n) => toNodeView(n, now)).sort((a, b) => a.name.localeCompare(b.name));
    } catch (err) {
      throw clusterApiError("list nodes", credentials.server, err);
    }
  }

  async get(credentials: ClusterCredentials, name: string): Promise<NodeView | null> {
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    try {
      return toNodeView(await core.readNode({ name }, callOptions({ timeoutMs: this.timeoutMs })), this.now());
    } catch (err) {
      if (kubeStatusOf(err) === 404) return null;
      throw clusterApiError(`read node ${name}`, credentials.server, err);
    }
  }
}
