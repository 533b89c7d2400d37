import type { ServiceDeps } from "@/server/services/service-deps";
import type { DnsAutomationDeps } from "./dns-provider";
import { requestManagedDnsSync } from "./sync-managed-dns";

/**
 * What a change that moves DNS records needs (a hostname binding created or deleted, a cluster created
 * or deleted; settings saves reach it through the hook composition passes to settings). A process built
 * by the runtime also has `dnsProviders`, `dnsPassLock` (and `now`): the change then starts a DNS automation pass at
 * once, so records appear or go without waiting for the periodic pass; without them the loop catches up.
 */
export type DnsChangeDeps = Pick<ServiceDeps, "db" | "log"> & Partial<Pick<ServiceDeps, "now"> & DnsAutomationDeps>;

/** Called after the change committed; never waits for Cloudflare and never throws (the pass records its own failures). */
export function syncDnsAfterChange(deps: DnsChangeDeps): void {
  const { db, log, now, dnsProviders, dnsPassLock } = deps;
  if (!dnsProviders || !dnsPassLock || !now) return;
  void requestManagedDnsSync({ db, log, now, dnsProviders, dnsPassLock });
}
