import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { KubeNode } from "@/server/domain/nodes/kube-node";
import { toNodeView } from "@/server/domain/nodes/node-view";
import type { NodeWatchEvent, NodeWatcher } from "@/server/services/nodes/ports";
import { resumableWatch } from "./resumable-watch";

export interface KubeNodeWatcherOptions {
  /**
   * Asks the API server to end each watch after this long; the watcher then
   * resumes from the last resourceVersion. Keeps connections from going stale
   * behind proxies. Default 300 s.
   */
  watchTimeoutSeconds?: number;
  /** Reconnect delay after a failure: doubles from `initialMs` up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
  now?: () => Date;
}

/**
 * Node changes as an async iterator (resumable-watch.ts): every existing node
 * first as ADDED, then changes; a history gap (410 Gone) or a broken connection
 * is an `error` event, after which the consumer should re-read the list.
 */
export class KubeNodeWatcher implements NodeWatcher {
  /** Named in the start-up lines (spec walkthrough step 8: `node_observer=…`). */
  static readonly implementation = "client-node-watch";
  private readonly watchTimeoutSeconds: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly now: () => Date;

  constructor(options: KubeNodeWatcherOptions = {}) {
    this.watchTimeoutSeconds = options.watchTimeoutSeconds ?? 300;
    this.backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
    this.now = options.now ?? (() => new Date());
  }

  async *watch(credentials: ClusterCredentials, signal: AbortSignal): AsyncGenerator<NodeWatchEvent> {
    const settings = { kind: "Node", path: "/api/v1/nodes", watchTimeoutSeconds: this.watchTimeoutSeconds, backoff: this.backoff };
    for await (const event of resumableWatch(credentials, settings, signal)) {
      yield event.type === "error" ? event : { type: event.type, node: toNodeView(event.object as KubeNode, this.now()) };
    }
  }
}
