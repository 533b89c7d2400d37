import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudflareApiStandIn, type CloudflareApiStandIn } from "@e2e/env/cloudflare-api-stand-in";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { parseConfig } from "@/server/config/env";
import { newId } from "@/server/domain/ids";
import { createLogger } from "@/server/observability/logger";
import { dnsToJson, SYSTEM_SETTING_KEYS } from "@/server/services/settings/read-system-settings";
import { dnsSyncTask } from "@/server/services/dns-automation/dns-sync.task";
import type { DnsSyncResult } from "@/server/services/dns-automation/sync-managed-dns";
import { leaderClaimsOn, startTestTask, type RunningTask } from "@e2e/env/background-task";
import { buildRuntime, type Runtime } from "./runtime";

// The loop as a job-processing process runs it: the runtime built from the environment
// (KUBEBYON_CLOUDFLARE_API_BASE_URL pointing at the stand-in), real PostgreSQL, a short backoff.
let database: TestDatabase;
let cf: CloudflareApiStandIn;
let runtime: Runtime;
let loop: RunningTask<DnsSyncResult> | undefined;

beforeAll(async () => {
  database = await createTestDatabase("dns_sync_loop");
  cf = await startCloudflareApiStandIn({ zoneName: "example.test" });
  runtime = buildRuntime(parseConfig({ DATABASE_URL: database.url, KUBEBYON_LOG_LEVEL: "error", KUBEBYON_CLOUDFLARE_API_BASE_URL: cf.baseUrl }));
  const db = runtime.deps.db;
  const value = dnsToJson({ enabled: true, activeProvider: "cloudflare", recordTargetHostname: "edge.example.test", cloudflare: { zoneId: cf.zoneId, apiToken: cf.token } });
  await db.systemSetting.create({ data: { key: SYSTEM_SETTING_KEYS.managedWorkloadIngressDns, value } });
  await db.systemSetting.create({ data: { key: SYSTEM_SETTING_KEYS.managedWorkloadIngressBaseDomain, value: "apps.example.test" } });
  const userId = newId("usr");
  await db.user.create({ data: { id: userId, email: `${userId}@example.test`, name: "loop" } });
  await db.cluster.create({ data: { id: "cl_loop1", ownerId: userId, name: "l1", vclusterName: "vc-loop1", namespace: "ns-loop1", managedWorkloadIngressCnameTarget: "l1.apps.example.test" } });
});

afterAll(async () => {
  await loop?.stop();
  await cf?.close();
  await runtime?.close();
  await database?.drop();
});

describe("the DNS automation task", () => {
  it("retries transient failures with backoff long before the interval, then runs a pass when asked", async () => {
    cf.failNext(3, 503);
    const { db, now, dnsProviders, dnsPassLock } = runtime.deps;
    loop = startTestTask(
      dnsSyncTask,
      { db, now, dnsProviders, dnsPassLock, log: createLogger({ level: "error" }) },
      { intervalMs: 600_000, claims: leaderClaimsOn(database.url, "test"), backoff: { baseMs: 100, factor: 2, maxMs: 400, jitter: 0 } },
    );
    const passes = loop.passes;
    // The row turns synced inside the pass; the pass is recorded once it returned.
    await expect.poll(() => passes.length, { timeout: 10_000 }).toBe(4);
    const cluster = await db.cluster.findUniqueOrThrow({ where: { id: "cl_loop1" } });
    expect(cluster.managedWorkloadIngressDnsStatus).toBe("synced");
    expect(passes.map((p) => (p instanceof Error ? "crashed" : p.status))).toEqual(["error", "error", "error", "synced"]);
    expect(cluster.managedWorkloadIngressDnsLastErrorAt).not.toBeNull();
    expect(cf.byName("l1.apps.example.test")).toEqual([expect.objectContaining({ content: "edge.example.test" })]);

    // Well inside the 10-minute interval: a change followed by a trigger is applied at once.
    const userId = (await db.cluster.findUniqueOrThrow({ where: { id: "cl_loop1" } })).ownerId;
    await db.cluster.create({ data: { id: "cl_loop2", ownerId: userId, name: "l2", vclusterName: "vc-loop2", namespace: "ns-loop2", managedWorkloadIngressCnameTarget: "l2.apps.example.test" } });
    loop.trigger();
    await waitFor("the second record", async () => cf.byName("l2.apps.example.test"), (r) => r.length === 1, 10_000);
    expect(passes).toHaveLength(5);
  });
});
