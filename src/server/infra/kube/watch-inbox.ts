import type { Watch } from "@kubernetes/client-node";

// What the watches of infra/kube (node-watcher.ts, node-route-plan-access.ts) share to turn client-node's
// callback Watch into an async iterator.

/** What one watch connection hands over: a line of the stream, or its end. */
export type ConnectionItem = { kind: "event"; type: string; object: unknown } | { kind: "end"; error: unknown };

/** A push/pull queue between client-node's callbacks and the async iterator. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | null = null;

  push(item: T): void {
    this.items.push(item);
    this.wake?.();
  }

  /** Next item, or undefined once `signal` aborts. */
  async take(signal: AbortSignal): Promise<T | undefined> {
    while (this.items.length === 0) {
      if (signal.aborted) return undefined;
      await new Promise<void>((resolve) => {
        const done = () => {
          this.wake = null;
          signal.removeEventListener("abort", done);
          resolve();
        };
        this.wake = done;
        signal.addEventListener("abort", done, { once: true });
      });
    }
    return this.items.shift();
  }
}

/**
 * client-node's Watch aborts a connection after 30 s without data (its private requestTimeoutMs),
 * but the API server sends a bookmark only once a minute, so a quiet watch would look broken
 * every 30 s and be re-listed. The callers' watchdogs already end dead connections; the client's
 * own limit goes past them. Throws if a client-node release drops the field, rather than regress.
 */
export function withInactivityLimit(watch: Watch, limitMs: number): Watch {
  if (!Reflect.has(watch, "requestTimeoutMs")) throw new Error("@kubernetes/client-node's Watch has no requestTimeoutMs any more: check how it times out quiet watches");
  Reflect.set(watch, "requestTimeoutMs", limitMs);
  return watch;
}
