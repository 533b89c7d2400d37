import type { Config } from "@/server/config/env";
import { CloudflareDnsProvider } from "@/server/infra/dns/cloudflare-dns-provider";
import type { DnsProviderFactory } from "@/server/services/dns-automation/dns-provider";

/** The DNS provider the runtime hands to the DNS automation: Cloudflare at KUBEBYON_CLOUDFLARE_API_BASE_URL. */
export function cloudflareDnsProviders(config: Pick<Config, "dnsAutomation">): DnsProviderFactory {
  return ({ zoneId, apiToken }) => new CloudflareDnsProvider({ baseUrl: config.dnsAutomation.cloudflareApiBaseUrl, zoneId, apiToken });
}
