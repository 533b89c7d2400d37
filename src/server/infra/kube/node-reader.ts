import { CoreV1Api } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { AppError } from "@/server/domain/errors";
import { toNodeView, type NodeView } from "@/server/domain/nodes/node-view";
import type { NodePage, NodeReader } from "@/server/services/nodes/ports";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { clusterApiError } from "./cluster-api-error";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";

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

  async listPage(credentials: ClusterCredentials, page: { limit: number; continueToken?: string }): Promise<NodePage> {
    const core = kubeConfigFromCredentials(credentials).makeApiClient(CoreV1Api);
    try {
      const list = await core.listNode({ limit: page.limit, _continue: page.continueToken }, callOptions({ timeoutMs: this.timeoutMs }));
      const now = this.now();
      // No sort here: the server returns names in its storage key order, which is what `continue` resumes from.
      return { items: list.items.map((n) => toNodeView(n, now)), continueToken: list.metadata?._continue || null };
    } catch (err) {
      throw (page.continueToken === undefined ? undefined : refusedContinueToken(err)) ?? clusterApiError("list nodes", credentials.server, err);
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

/**
 * The API server's answer to a continue token it will not resume from, as the client's mistake to fix: 410 Gone
 * once the server has compacted past the token's snapshot (a few minutes), 400 for a token it cannot parse.
 */
function refusedContinueToken(err: unknown): AppError | undefined {
  const failure = KubeApiError.from(err, "list nodes");
  if (failure.status === 410) {
    return new AppError("BAD_REQUEST", "The cursor has expired: the cluster's API server keeps a list position only for a few minutes. Start again without `cursor`.", { cause: failure });
  }
  if (failure.status === 400) {
    return new AppError("BAD_REQUEST", "The cursor is not valid. Start again without `cursor` and follow `next_cursor` from each page.", { cause: failure });
  }
  return undefined;
}
