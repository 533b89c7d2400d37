import { checkHostnameBindings, type DnsCheckDeps } from "@/server/services/hostname-bindings/check-hostname-bindings";
import type { Logger } from "@/server/observability/logger";
import type { LoopLeadership } from "./loop-leadership";
import { errorMessage, startPeriodicPass } from "./periodic-pass";

/**
 * Runs the hostname-binding DNS check over every binding every `intervalMs`
 * (KUBEBYON_DNS_CHECK_INTERVAL_SECONDS) in a process that runs jobs (the worker; the web
 * process in single-node mode), once at start; of several such processes only the leader
 * checks. A pass still running when the next is due is not doubled. Returns a stop function
 * that waits for a pass in progress and gives up the lead.
 */
export function startDnsCheckLoop(
  runtime: { deps: Pick<DnsCheckDeps, "db" | "now" | "dns">; log: Logger },
  intervalMs: number,
  leadership: LoopLeadership,
): () => Promise<void> {
  const { db, now, dns } = runtime.deps;
  const deps: DnsCheckDeps = { db, now, dns, log: runtime.log.child({ component: "dns-check" }) };
  const stop = startPeriodicPass({
    intervalMs,
    run: async () => {
      if (await leadership.leads()) await checkHostnameBindings(deps);
    },
    onError: (error) => deps.log.warn("the DNS check of hostname bindings failed", { error: errorMessage(error) }),
  });
  return async () => {
    await stop();
    await leadership.close();
  };
}
