import type { ExistingRecord } from "@/server/domain/dns/managed-dns-records";

/**
 * The DNS provider as the DNS automation needs it: the records of one zone.
 * Failures are DnsProviderError (src/server/domain/dns/dns-provider-error.ts),
 * transient or permanent. The adapter for Cloudflare is
 * src/server/infra/dns/cloudflare-dns-provider.ts.
 */
export interface DnsRecordWrite {
  type: "CNAME";
  name: string;
  content: string;
  /** The ownership mark (managed-dns-records.ts ownerComment). */
  comment: string;
}

export interface DnsProvider {
  /** Every record of the zone matching the filters (all pages). */
  listRecords(filter?: { type?: string; name?: string }): Promise<ExistingRecord[]>;
  createRecord(record: DnsRecordWrite): Promise<ExistingRecord>;
  updateRecord(id: string, record: DnsRecordWrite): Promise<ExistingRecord>;
  deleteRecord(id: string): Promise<void>;
}

/** Builds the provider for the zone and token stored in system settings (they can change between passes). */
export type DnsProviderFactory = (credentials: { zoneId: string; apiToken: string }) => DnsProvider;

/** Runs work one at a time across every process; the adapter is src/server/infra/db/pg-session-lock.ts. */
export interface ExclusiveRunner {
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
}

export interface DnsAutomationDeps {
  dnsProviders: DnsProviderFactory;
  /** Serialises DNS passes without holding a transaction while the provider is called. */
  dnsPassLock: ExclusiveRunner;
}
