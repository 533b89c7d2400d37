import { Watch, type KubeConfig } from "@kubernetes/client-node";
import { pause } from "./kube-calls";

/**
 * Rings when a watched object is added or changed, so a poll loop stops sleeping the moment what it
 * waits for appears instead of at its next tick. Best effort: the poll stays the source of truth, so a
 * watch that fails or is refused only costs the latency it would have saved. It watches again after
 * each end (client-node closes a quiet watch after 30 s; the API server then replays an existing object
 * as ADDED), at most once per `retryMs`, until stop().
 */
export class ObjectDoorbell {
  private rung = false;
  private wakeUp: (() => void) | undefined;
  private stopped = false;
  private connection: Promise<AbortController> | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly kubeConfig: KubeConfig,
    private readonly watch: { path: string; fieldSelector: string; retryMs: number },
  ) {
    this.connect();
  }

  /** Waits up to `ms`; returns early when the bell rings (at once if it rang since the last wait). */
  async wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.rung) await Promise.race([pause(ms, signal), new Promise<void>((resolve) => (this.wakeUp = resolve))]);
    this.rung = false;
    this.wakeUp = undefined;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    void this.connection?.then((controller) => controller.abort(), () => undefined);
  }

  private ring(): void {
    this.rung = true;
    this.wakeUp?.();
  }

  private connect(): void {
    if (this.stopped) return;
    const started = Date.now();
    const again = () => {
      if (this.stopped) return;
      // eslint-disable-next-line kubebyon/no-background-loops -- a reconnect after the watch ended, not periodic work
      this.retry = setTimeout(() => this.connect(), Math.max(0, this.watch.retryMs - (Date.now() - started)));
    };
    this.connection = new Watch(this.kubeConfig).watch(
      this.watch.path,
      { fieldSelector: this.watch.fieldSelector },
      (type: string) => {
        if (type === "ADDED" || type === "MODIFIED") this.ring();
      },
      again,
    );
    this.connection.catch(again);
  }
}
