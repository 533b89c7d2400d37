import { Watch } from "@kubernetes/client-node";
import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { kubeConfigFromCredentials } from "./kube-config-from-credentials";
import { KubeApiError, pause } from "./kube-calls";
import { Inbox, withInactivityLimit, type ConnectionItem } from "./watch-inbox";

export interface ResumableWatchSettings {
  /** Names the watch in failures ("Node", "CertificateSigningRequest"). */
  kind: string;
  /** The collection to watch, e.g. `/api/v1/nodes`. */
  path: string;
  /** Asks the API server to end each watch after this long; the loop then resumes from the last resourceVersion. */
  watchTimeoutSeconds: number;
  /** Reconnect delay after a failure: doubles from `initialMs` up to `maxMs`. */
  backoff: { initialMs: number; maxMs: number };
}

export type ResumableWatchEvent = { type: "ADDED" | "MODIFIED" | "DELETED"; object: unknown } | { type: "error"; error: Error };

const STALE_GRACE_MS = 15_000;

/**
 * One collection's changes as an async iterator over client-node's Watch (shared by the node and CSR watchers).
 * The first connection starts without a resourceVersion, so the API server replays every existing object as
 * ADDED (the list); later connections resume from the last seen resourceVersion (bookmarks included), so a
 * server-side timeout is invisible to the consumer. When the server no longer has that history (410 Gone) the
 * loop starts over from the current state and says so with an `error` event, because deletions during the gap
 * cannot be replayed. Failures are `error` events followed by a reconnect with backoff; it ends only when
 * `signal` aborts.
 */
export async function* resumableWatch(credentials: ClusterCredentials, settings: ResumableWatchSettings, signal: AbortSignal): AsyncGenerator<ResumableWatchEvent> {
  const { kind, watchTimeoutSeconds, backoff } = settings;
  const staleAfterMs = watchTimeoutSeconds * 1000 + STALE_GRACE_MS;
  // client-node's Watch aborts a connection after 30 s without data, but the API server sends a bookmark only
  // once a minute (see watch-inbox.ts); the watchdog below ends dead connections instead.
  const watch = withInactivityLimit(new Watch(kubeConfigFromCredentials(credentials)), staleAfterMs + STALE_GRACE_MS);
  let resourceVersion: string | undefined;
  let delayMs = backoff.initialMs;

  while (!signal.aborted) {
    const inbox = new Inbox<ConnectionItem>();
    const connection = watch.watch(
      settings.path,
      { allowWatchBookmarks: true, resourceVersion, timeoutSeconds: watchTimeoutSeconds },
      (type: string, object: unknown) => inbox.push({ kind: "event", type, object }),
      (error: unknown) => inbox.push({ kind: "end", error }),
    );
    // The server ends every watch after timeoutSeconds; a connection still open well past that
    // is dead without a RST (NAT or proxy dropped it) and would otherwise hang until TCP gives up.
    const watchdog = setTimeout(
      () => inbox.push({ kind: "end", error: new Error(`no data and no close ${STALE_GRACE_MS / 1000} s after the ${watchTimeoutSeconds} s watch timeout; treating the connection as dead`) }),
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
            failure = KubeApiError.from(item.error, `${kind} watch connection to ${credentials.server}`);
            if (failure.status === 410) resourceVersion = undefined;
          }
          break;
        }
        if (item.type === "ERROR") {
          // The stream itself carries a Status object here.
          const reported = KubeApiError.from(item.object ?? {}, `${kind} watch`);
          if (reported.status === 410) {
            resourceVersion = undefined;
            yield { type: "error", error: new Error(`${kind} watch history expired (410 Gone); restarting from the current list, so changes during the gap may be missing.`) };
          } else {
            failure = reported;
          }
          break;
        }
        const seen = (item.object as { metadata?: { resourceVersion?: string } } | undefined)?.metadata?.resourceVersion;
        if (seen) resourceVersion = seen;
        if (item.type === "ADDED" || item.type === "MODIFIED" || item.type === "DELETED") {
          delayMs = backoff.initialMs;
          yield { type: item.type, object: item.object };
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
      delayMs = Math.min(delayMs * 2, backoff.maxMs);
    }
  }
}
