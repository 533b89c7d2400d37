import { Watch } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import type { KubeNode } from "@/server/domain/nodes/kube-node";
import { toNodeView } from "@/server/domain/nodes/node-view";
import type { NodeWatchEvent, NodeWatcher } from "@/server/services/nodes/ports";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { KubeApiError, pause } from "./kube-calls";
import { Inbox, withInactivityLimit, type ConnectionItem } from "./watch-inbox";

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

const STALE_GRACE_MS = 15_000;

/**
 * client-node's Watch aborts a connection after 30 s without data, but the API server sends a bookmark only
 * once a minute (see watch-inbox.ts); the watchdog in watch() ends dead connections instead.
 */
function watchWithInactivityLimit(credentials: ClusterCredentials, limitMs: number): Watch {
  return withInactivityLimit(new Watch(kubeConfigFromCredentials(credentials)), limitMs);
}

/**
 * Node changes as an async iterator over client-node's Watch. The first
 * connection starts without a resourceVersion, so the API server replays every
 * existing node as ADDED; later connections resume from the last seen
 * resourceVersion (bookmarks included), so a server-side timeout is invisible
 * to the consumer. When the server no longer has that history (410 Gone) the
 * watcher starts over from the current state and says so with an `error` event,
 * because deletions during the gap cannot be replayed.
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
    const staleAfterMs = this.watchTimeoutSeconds * 1000 + STALE_GRACE_MS;
    const watch = watchWithInactivityLimit(credentials, staleAfterMs + STALE_GRACE_MS);
    let resourceVersion: string | undefined;
    let delayMs = this.backoff.initialMs;

    while (!signal.aborted) {
      const inbox = new Inbox<ConnectionItem>();
      const connection = watch.watch(
        "/api/v1/nodes",
        { allowWatchBookmarks: true, resourceVersion, timeoutSeconds: this.watchTimeoutSeconds },
        (type: string, object: unknown) => inbox.push({ kind: "event", type, object }),
        (error: unknown) => inbox.push({ kind: "end", error }),
      );
      // The server ends every watch after timeoutSeconds; a connection still open well past that
      // is dead without a RST (NAT or proxy dropped it) and would otherwise hang until TCP gives up.
      const watchdog = setTimeout(
        () => inbox.push({ kind: "end", error: new Error(`no data and no close ${STALE_GRACE_MS / 1000} s after the ${this.watchTimeoutSeconds} s watch timeout; treating the connection as dead`) }),
        staleAfterMs,
      );
      let failure: KubeApiError | null = null;
      try {
        for (;;) {
          const item = await inbox.take(signal);
          if (item === undefined) return;
          if (item.kind === "end") {
            // A clean end is the server's timeoutSeconds (or a restart): resume at once.
            if (item.error !== null && item.error !== undefined) {
              failure = KubeApiError.from(item.error, `Node watch connection to ${credentials.server}`);
              if (failure.status === 410) resourceVersion = undefined;
            }
            break;
          }
          if (item.type === "ERROR") {
            // The stream itself carries a Status object here.
            const reported = KubeApiError.from(item.object ?? {}, "Node watch");
            if (reported.status === 410) {
              resourceVersion = undefined;
              yield { type: "error", error: new Error("Node watch history expired (410 Gone); restarting from the current node list, so changes during the gap may be missing.") };
            } else {
              failure = reported;
            }
            break;
          }
          const node = item.object as KubeNode;
          if (node.metadata?.resourceVersion) resourceVersion = node.metadata.resourceVersion;
          if (item.type === "ADDED" || item.type === "MODIFIED" || item.type === "DELETED") {
            delayMs = this.backoff.initialMs;
            yield { type: item.type, node: toNodeView(node, this.now()) };
          }
          // BOOKMARK carries only a resourceVersion, recorded above.
        }
      } finally {
        clearTimeout(watchdog);
        // Also runs when the consumer stops iterating: close this connection.
        void connection.then((controller) => controller.abort(), () => undefined);
      }
      if (failure) {
        yield { type: "error", error: failure };
        await pause(delayMs, signal);
        delayMs = Math.min(delayMs * 2, this.backoff.maxMs);
      }
    }
  }
}
