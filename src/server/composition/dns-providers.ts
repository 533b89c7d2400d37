import { requireDatabaseUrl, type Config } from "@/server/config/env";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import { CloudflareDnsProvider } from "@/server/infra/dns/cloudflare-dns-provider";
import type { DnsProviderFactory, ExclusiveRunner } from "@/server/services/dns-automation/dns-provider";

/** The DNS provider the runtime hands to the DNS automation: Cloudflare at KUBEBYON_CLOUDFLARE_API_BASE_URL. */
export function cloudflareDnsProviders(config: Pick<Config, "dnsAutomation">): DnsProviderFactory {
  return ({ zoneId, apiToken }) => new CloudflareDnsProvider({ baseUrl: config.dnsAutomation.cloudflareApiBaseUrl, zoneId, apiToken });
}

/** A pass waits at most this long for another process's pass; it is then logged as failed and the loop retries. */
const DNS_PASS_WAIT_MS = 10 * 60_000;

/** The lock that runs DNS automation passes one at a time across this database's processes. */
export function dnsPassLock(config: Config, processName: string): ExclusiveRunner {
  return new PgSessionLock({
    connectionString: requireDatabaseUrl(config),
    key: sessionLocks.managedDnsSync,
    applicationName: `kubebyon DNS automation (${processName})`,
    waitTimeoutMs: DNS_PASS_WAIT_MS,
  });
}
