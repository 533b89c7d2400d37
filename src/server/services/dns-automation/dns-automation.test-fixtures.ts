import { startCloudflareApiStandIn, type CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db, type Prisma } from "@/server/infra/db/client";
import { sessionLocks } from "@/server/infra/db/locks";
import { PgSessionLock } from "@/server/infra/db/pg-session-lock";
import { CloudflareDnsProvider } from "@/server/infra/dns/cloudflare-dns-provider";
import type { Logger } from "@/server/observability/logger";
import { dnsToJson, SYSTEM_SETTING_KEYS } from "@/server/services/settings/read-system-settings";
import type { DnsSyncDeps } from "./sync-managed-dns";

/**
 * Real PostgreSQL (migrated schema), the Cloudflare stand-in over HTTP and one user, for the tests of
 * the DNS automation pass and what reads its statuses. Rows and settings are written the way the
 * cluster jobs, the bindings API and the settings page write them.
 */
export interface DnsAutomationFixture {
  db: Db;
  cf: CloudflareApiStandIn;
  databaseUrl: string;
  /** Each call is one process: its own pass lock on its own database sessions. */
  deps(opts: { now: () => Date; log: Logger; token?: string }): DnsSyncDeps;
  /** managed_workload_ingress_dns (provider cloudflare, the stand-in's zone and token unless given); the base domain when given. */
  setDns(opts: { enabled: boolean; recordTargetHostname: string | null; token?: string; baseDomain?: string }): Promise<void>;
  cluster(cnameTarget: string | null, status?: "ready" | "deleting"): Promise<string>;
  binding(clusterId: string, hostname: string, scope?: "platform_managed" | "self_managed"): Promise<string>;
  close(): Promise<void>;
}

async function upsertSetting(db: Db, key: string, value: Prisma.InputJsonValue) {
  await db.systemSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

export async function startDnsAutomationFixture(label: string, standIn: { maxPerPage?: number } = {}): Promise<DnsAutomationFixture> {
  const database: TestDatabase = await createTestDatabase(label);
  const db = createPrismaClient(database.url);
  const cf = await startCloudflareApiStandIn({ zoneName: "example.test", ...standIn });
  const userId = newId("usr");
  await db.user.create({ data: { id: userId, email: `${userId}@example.test`, name: "dns" } });
  return {
    db,
    cf,
    databaseUrl: database.url,
    deps: ({ now, log, token }) => ({
      db,
      log,
      now,
      dnsPassLock: new PgSessionLock({ connectionString: database.url, key: sessionLocks.managedDnsSync, applicationName: `dns test ${label}`, waitTimeoutMs: 30_000 }),
      dnsProviders: ({ zoneId, apiToken }) => new CloudflareDnsProvider({ baseUrl: cf.baseUrl, zoneId, apiToken: token ?? apiToken, timeoutMs: 5_000 }),
    }),
    async setDns({ enabled, recordTargetHostname, token, baseDomain }) {
      const value = dnsToJson({ enabled, activeProvider: "cloudflare", recordTargetHostname, cloudflare: { zoneId: cf.zoneId, apiToken: token ?? cf.token } });
      await upsertSetting(db, SYSTEM_SETTING_KEYS.managedWorkloadIngressDns, value);
      if (baseDomain !== undefined) await upsertSetting(db, SYSTEM_SETTING_KEYS.managedWorkloadIngressBaseDomain, baseDomain);
    },
    async cluster(cnameTarget, status = "ready") {
      const id = newId("cl");
      const slug = id.replace(/_/g, "-");
      await db.cluster.create({ data: { id, ownerId: userId, name: "dns", vclusterName: `vc-${slug}`, namespace: `ns-${slug}`, status, managedWorkloadIngressCnameTarget: cnameTarget } });
      return id;
    },
    async binding(clusterId, hostname, scope = "platform_managed") {
      const id = newId("hb");
      await db.hostnameBinding.create({ data: { id, clusterId, hostname, dnsManagementScope: scope } });
      return id;
    },
    async close() {
      await cf.close();
      await db.$disconnect();
      await database.drop();
    },
  };
}
