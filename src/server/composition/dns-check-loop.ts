import { checkHostnameBindings, type DnsCheckDeps } from "@/server/services/hostname-bindings/check-hostname-bindings";
import type { Logger } from "@/server/observability/logger";
import { errorMessage, startPeriodicPass } from "./periodic-pass";

/**
 * Runs the hostname-binding DNS check over every binding every `intervalMs`
 * (KUBEBYON_DNS_CHECK_INTERVAL_SECONDS) in a process that runs jobs (the worker; the web
 * process in single-node mode), once at start. A pass still running when the next is due is
 * not doubled. Returns a stop function that waits for a pass in progress.
 */
export function startDnsCheckLoop(runtime: { deps: Pick<DnsCheckDeps, "db" | "now" | "dns">; log: Logger }, intervalMs: number): () => Promise<void> {
  const { db, now, dns } = runtime.deps;
  const deps: DnsCheckDeps = { db, now, dns, log: runtime.log.child({ component: "dns-check" }) };
  return startPeriodicPass({
    intervalMs,
    run: () => checkHostnameBindings(deps),
    onError: (error) => deps.log.warn("the DNS check of hostname bindings failed", { error: errorMessage(error) }),
  });
}
