import type { BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { BackgroundTask } from "@/server/services/background/background-task";
import { syncManagedDns, type DnsSyncDeps, type DnsSyncResult } from "./sync-managed-dns";

/** Transient failures retry after 5 s, doubling, at most 10 min apart (a Retry-After from the provider is waited out). */
export const DNS_RETRY_BACKOFF: BackoffPolicy = { baseMs: 5_000, factor: 2, maxMs: 10 * 60_000, jitter: 0.2 };

/**
 * DNS automation (KUBEBYON_DNS_SYNC_INTERVAL_SECONDS): one process puts the provider's records in step. Failures an
 * operator must fix (a rejected token) wait for the interval; transient ones (provider 5xx, 429, network) retry with
 * DNS_RETRY_BACKOFF and never sooner than the provider's Retry-After. Passes of any process are serialised by the
 * DNS pass lock, so a pass after a settings change never overlaps this one.
 */
export const dnsSyncTask: BackgroundTask<DnsSyncDeps, DnsSyncResult> = {
  name: "dns-sync",
  scope: "leader",
  intervalMs: (config) => config.dnsAutomation.syncIntervalSeconds * 1_000,
  run: (deps) => syncManagedDns(deps),
  backoff: () => DNS_RETRY_BACKOFF,
  retry: (result) =>
    result.transient ? { reason: `${result.failures} DNS record(s) failed for now (provider or network)`, afterMs: (result.retryAfterSeconds ?? 0) * 1_000 } : undefined,
  summary: (result) =>
    result.failures > 0
      ? { level: "warn", message: "DNS automation pass had failures", fields: { failures: result.failures, transient: result.transient } }
      : result.created + result.updated + result.deleted > 0
        ? { level: "info", message: "DNS records put in step", fields: { created: result.created, updated: result.updated, deleted: result.deleted } }
        : undefined,
};
