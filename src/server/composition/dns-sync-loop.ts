import { requireDatabaseUrl } from "@/server/config/env";
import { retryDelayMs, type BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { Logger } from "@/server/observability/logger";
import { syncManagedDns, type DnsSyncDeps, type DnsSyncResult } from "@/server/services/dns-automation/sync-managed-dns";
import { loopLeadership, type LoopLeadership } from "./loop-leadership";
import { startSerialLoop } from "./serial-loop";
import type { Runtime } from "./runtime";

/** Transient failures retry after 5 s, doubling, at most 10 min apart (a Retry-After from the provider is waited out). */
export const DNS_RETRY_BACKOFF: BackoffPolicy = { baseMs: 5_000, factor: 2, maxMs: 10 * 60_000, jitter: 0.2 };

/**
 * When the next pass runs after one ended: the interval after a clean pass
 * (or one whose failures need an operator: a rejected token will not heal by
 * retrying sooner); with backoff after transient failures, counted since the
 * last clean pass.
 */
export function nextDnsPassDelayMs(
  result: Pick<DnsSyncResult, "transient" | "retryAfterSeconds"> | "crashed",
  transientStreak: number,
  intervalMs: number,
  policy: BackoffPolicy = DNS_RETRY_BACKOFF,
  random: () => number = Math.random,
): number {
  if (result !== "crashed" && !result.transient) return intervalMs;
  const backoff = retryDelayMs(Math.max(1, transientStreak), policy, random);
  const retryAfterMs = result !== "crashed" && result.retryAfterSeconds ? result.retryAfterSeconds * 1_000 : 0;
  return Math.max(backoff, retryAfterMs);
}

export interface DnsSyncLoop {
  /** Runs a pass soon (after the one in progress), e.g. after a change the caller just committed. */
  syncNow(): void;
  stop(): Promise<void>;
}

/**
 * Runs syncManagedDns every KUBEBYON_DNS_SYNC_INTERVAL_SECONDS, with capped
 * exponential backoff after transient failures. Each job-processing process
 * starts it; only the leader runs passes (a follower looks again each interval
 * and takes over when the leader goes). Passes are also serialised by
 * dnsPassLock, so a "sync now" pass of any process never overlaps one.
 */
export function startDnsSyncLoop(
  deps: DnsSyncDeps,
  options: { intervalMs: number; log: Logger; leadership: LoopLeadership; backoff?: BackoffPolicy; onPass?: (result: DnsSyncResult | "crashed") => void },
): DnsSyncLoop {
  let transientStreak = 0;
  const loop = startSerialLoop(async () => {
    try {
      if (!(await options.leadership.leads())) return options.intervalMs;
      const result = await syncManagedDns(deps);
      transientStreak = result.transient ? transientStreak + 1 : 0;
      const delay = nextDnsPassDelayMs(result, transientStreak, options.intervalMs, options.backoff);
      options.onPass?.(result);
      if (result.failures > 0) options.log.warn("DNS automation pass had failures", { failures: result.failures, transient: result.transient, next_pass_in_ms: delay });
      return delay;
    } catch (error) {
      transientStreak += 1;
      const delay = nextDnsPassDelayMs("crashed", transientStreak, options.intervalMs, options.backoff);
      options.onPass?.("crashed");
      options.log.warn("DNS automation pass failed", { error: error instanceof Error ? error.message : String(error), next_pass_in_ms: delay });
      return delay;
    }
  });
  return {
    syncNow: () => loop.requestPass(),
    async stop() {
      await loop.stop();
      await options.leadership.close();
    },
  };
}

/** The loop of a job-processing process, on the runtime's database and provider factory. */
export function startRuntimeDnsSyncLoop(runtime: Pick<Runtime, "deps" | "log" | "config">, owner: string): DnsSyncLoop {
  const log = runtime.log.child({ component: "dns-automation" });
  const { db, now, dnsProviders, dnsPassLock } = runtime.deps;
  return startDnsSyncLoop(
    { db, now, log, dnsProviders, dnsPassLock },
    { intervalMs: runtime.config.dnsAutomation.syncIntervalSeconds * 1_000, log, leadership: loopLeadership(requireDatabaseUrl(runtime.config), "dns-sync", owner, log) },
  );
}
