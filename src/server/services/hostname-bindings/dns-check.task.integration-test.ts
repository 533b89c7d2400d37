import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthoritativeDnsServer, type AuthoritativeDnsServer } from "@e2e/env/dns/authoritative-dns-server";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { waitFor } from "@e2e/env/wait-for";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { NodeCnameChainResolver } from "@/server/infra/dns/node-cname-chain-resolver";
import { createLogger } from "@/server/observability/logger";
import { leaderClaimsOn, startTestTask } from "@e2e/env/background-task";
import { dnsCheckTask } from "./dns-check.task";

let database: TestDatabase;
let db: Db;
let dns: AuthoritativeDnsServer;

beforeAll(async () => {
  database = await createTestDatabase("dns_check_loop");
  db = createPrismaClient(database.url);
  dns = await startAuthoritativeDnsServer({ zone: "loop.test" });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
  await dns?.stop();
});

describe("dnsCheckTask", () => {
  it("checks every binding at start and again each interval, picking up a record that changes, and stops", async () => {
    const { clusterId } = await insertTestCluster(db);
    await db.cluster.update({ where: { id: clusterId }, data: { status: "ready", managedWorkloadIngressCnameTarget: "cl-x.apps.loop.test" } });
    const id = newId("hb");
    await db.hostnameBinding.create({ data: { id, clusterId, hostname: "app.loop.test" } });
    dns.setCname("app.loop.test", "cl-x.apps.loop.test");
    const row = () => db.hostnameBinding.findUniqueOrThrow({ where: { id } });
    const deps = { db, now: () => new Date(), dns: new NodeCnameChainResolver({ servers: [dns.server], timeoutMs: 300, tries: 1 }) };

    const log = createLogger({ write: () => undefined });
    const running = startTestTask(dnsCheckTask, { ...deps, log }, { intervalMs: 200, claims: leaderClaimsOn(database.url, "only") });
    try {
      await waitFor("the first pass to mark the binding ready", row, (r) => r.status === "ready", 5_000);
      dns.remove("app.loop.test");
      await waitFor("a later pass to see the record gone", row, (r) => r.status === "pending", 5_000);
    } finally {
      await running.stop();
    }
    // Stopped: a record that comes back is no longer picked up.
    dns.setCname("app.loop.test", "cl-x.apps.loop.test");
    const queriesAtStop = dns.queries.length;
    await new Promise((r) => setTimeout(r, 600));
    expect(dns.queries.length).toBe(queriesAtStop);
    expect((await row()).status).toBe("pending");
  });

  it("runs in one process of several: only the leader resolves, and another takes over when it stops", async () => {
    const { clusterId } = await insertTestCluster(db);
    await db.cluster.update({ where: { id: clusterId }, data: { status: "ready", managedWorkloadIngressCnameTarget: "cl-y.apps.loop.test" } });
    await db.hostnameBinding.create({ data: { id: newId("hb"), clusterId, hostname: "lead.loop.test" } });
    // Each process asks its own DNS server, so the queries show which process checked.
    const other = await startAuthoritativeDnsServer({ zone: "loop.test" });
    const log = createLogger({ write: () => undefined });
    const processOf = (server: AuthoritativeDnsServer, owner: string) =>
      startTestTask(dnsCheckTask, { db, now: () => new Date(), log, dns: new NodeCnameChainResolver({ servers: [server.server], timeoutMs: 300, tries: 1 }) }, { intervalMs: 150, claims: leaderClaimsOn(database.url, owner) });
    const firstQueries = dns.queries.length;
    const first = processOf(dns, "worker-1");
    let second: ReturnType<typeof processOf> | undefined;
    try {
      await waitFor("the first process to check", async () => dns.queries.length, (n) => n > firstQueries, 5_000);
      second = processOf(other, "worker-2");
      await new Promise((r) => setTimeout(r, 700));
      expect(other.queries).toHaveLength(0);
      await first.stop();
      await waitFor("the second process to take over", async () => other.queries.length, (n) => n > 0, 5_000);
    } finally {
      await first.stop();
      await second?.stop();
      await other.stop();
    }
  });
});
