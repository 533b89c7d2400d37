import { connect, isIP, type Socket } from "node:net";
import type { ReachabilityProbe } from "@/server/services/workload-edge/ports";

export interface TcpConnectProbeOptions {
  /** How long one connect may take before the address counts as unreachable (KUBEBYON_WORKLOAD_PROBE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Connects in flight at once. Default 16: a cluster has few controller pods, but many clusters probe in one sync. */
  concurrency?: number;
}

/**
 * ReachabilityProbe by TCP connect from this process (the platform's network namespace, as the Gateway's would
 * be on the same host): an address is reachable when the three-way handshake completes within the timeout; the
 * connection is closed at once, nothing is sent. Refused, unreachable, timed out or not an IP literal (no name is
 * ever resolved) all mean unreachable; the probe never throws.
 */
export class TcpConnectProbe implements ReachabilityProbe {
  private readonly timeoutMs: number;
  private readonly concurrency: number;

  constructor(options: TcpConnectProbeOptions) {
    if (!(options.timeoutMs > 0)) throw new Error(`the probe timeout must be a positive number of milliseconds, not ${options.timeoutMs}`);
    this.timeoutMs = options.timeoutMs;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 16));
  }

  async reachable(ips: readonly string[], port: number): Promise<Set<string>> {
    const reachable = new Set<string>();
    if (!Number.isInteger(port) || port < 1 || port > 65_535) return reachable;
    const queue = [...new Set(ips)].filter((ip) => isIP(ip) !== 0);
    const worker = async () => {
      for (let ip = queue.shift(); ip !== undefined; ip = queue.shift()) {
        if (await this.connects(ip, port)) reachable.add(ip);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, worker));
    return reachable;
  }

  private connects(host: string, port: number): Promise<boolean> {
    return new Promise((resolve) => {
      let socket: Socket | undefined;
      let settled = false;
      const finish = (ok: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket?.destroy();
        resolve(ok);
      };
      const timer = setTimeout(() => finish(false), this.timeoutMs);
      try {
        socket = connect({ host, port, family: isIP(host) });
      } catch {
        finish(false);
        return;
      }
      socket.once("connect", () => finish(true));
      socket.once("error", () => finish(false));
      socket.once("close", () => finish(false));
    });
  }
}
