import { requestManagedDnsSync } from "@/server/services/dns-automation/sync-managed-dns";
import type { DnsAutomationDeps } from "@/server/services/dns-automation/dns-provider";
import type { ServiceDeps } from "@/server/services/service-deps";

/**
 * What a binding change needs. A process built by the runtime also has `dnsProviders`, `dnsPassLock` (and
 * `now`): its change then starts a DNS automation pass at once, so a platform-managed hostname's
 * CNAME appears or goes without waiting for the periodic pass; without them the loop catches up.
 */
export type BindingChangeDeps = Pick<ServiceDeps, "db" | "log"> & Partial<Pick<ServiceDeps, "now"> & DnsAutomationDeps>;

/** Called after the change committed; never waits for Cloudflare and never throws (the pass records its own failures). */
export function syncDnsAfterBindingChange(deps: BindingChangeDeps): void {
  const { db, log, now, dnsProviders, dnsPassLock } = deps;
  if (!dnsProviders || !dnsPassLock || !now) return;
  void requestManagedDnsSync({ db, log, now, dnsProviders, dnsPassLock });
}
