import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAuthoritativeDnsServer, type AuthoritativeDnsServer } from "@e2e/env/dns/authoritative-dns-server";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import type { Viewer } from "@/server/domain/auth/viewer";
import { newId } from "@/server/domain/ids";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import { NodeCnameChainResolver } from "@/server/infra/dns/node-cname-chain-resolver";
import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createLogger } from "@/server/observability/logger";
import { checkClusterHostnameBindingsNow, checkHostnameBindings, type DnsCheckDeps } from "./check-hostname-bindings";

/**
 * The DNS check end to end: binding rows in PostgreSQL, the node:dns adapter asking a DNS
 * server on loopback that is authoritative for the test zone, statuses written back.
 */
let database: TestDatabase;
let db: Db;
let dns: AuthoritativeDnsServer;
let deps: DnsCheckDeps;
let logLines: Array<Record<string, unknown>>;
let clock: Date;

const ZONE = "check.test";
const TARGET = `cl-one.apps.${ZONE}`;
const EDGE = `edge.${ZONE}`;

beforeAll(async () => {
  database = await createTestDatabase("check_hostname_bindings");
  db = createPrismaClient(database.url);
  dns = await startAuthoritativeDnsServer({ zone: ZONE });
  // The cluster-level record as the DNS automation keeps it: target → the shared edge host.
  dns.setCname(TARGET, EDGE);
  dns.setA(EDGE, ["127.0.0.30"]);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
  await dns?.stop();
});

beforeEach(() => {
  logLines = [];
  clock = new Date("2026-12-01T12:00:00.000Z");
  deps = {
    db,
    log: createLogger({ write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) }),
    now: () => clock,
    dns: new NodeCnameChainResolver({ servers: [dns.server], timeoutMs: 300, tries: 1, maxDepth: 6 }),
  };
});

async function clusterWithTarget(target: string | null): Promise<{ userId: string; clusterId: string }> {
  const ids = await insertTestCluster(db);
  await db.cluster.update({ where: { id: ids.clusterId }, data: { status: "ready", managedWorkloadIngressCnameTarget: target } });
  return ids;
}

async function binding(clusterId: string, hostname: string): Promise<string> {
  const id = newId("hb");
  await db.hostnameBinding.create({ data: { id, clusterId, hostname, updatedAt: new Date("2026-01-01T00:00:00.000Z") } });
  return id;
}

const row = (id: string) => db.hostnameBinding.findUniqueOrThrow({ where: { id }, select: { status: true, lastError: true, updatedAt: true } });
const viewerOf = (id: string, role: "user" | "admin" = "user"): Viewer => ({ id, email: `${id}@example.test`, name: "v", role, auth: { method: "session", sessionId: "ses_x" } });

describe("checkHostnameBindings", () => {
  it("moves a binding pending → ready when its CNAME appears, and ready → pending when the record moves elsewhere", async () => {
    const { clusterId } = await clusterWithTarget(TARGET);
    const id = await binding(clusterId, `shop.${ZONE}`);

    await checkHostnameBindings(deps, { clusterId });
    expect(await row(id)).toMatchObject({ status: "pending", lastError: `shop.${ZONE} does not exist in DNS (NXDOMAIN): point a CNAME record for shop.${ZONE} at ${TARGET}.` });

    dns.setCname(`shop.${ZONE}`, TARGET);
    clock = new Date("2026-12-01T12:01:00.000Z");
    const [result] = await checkHostnameBindings(deps, { clusterId });
    expect(result).toMatchObject({ id, status: "ready", lastError: null, observedChain: [`shop.${ZONE}`, TARGET], changed: true });
    expect(await row(id)).toEqual({ status: "ready", lastError: null, updatedAt: clock });
    expect(logLines).toContainEqual(expect.objectContaining({ msg: "hostname binding DNS status changed", hostname_binding_id: id, from: "pending", to: "ready" }));

    dns.setCname(`shop.${ZONE}`, `old-lb.${ZONE}`);
    dns.setA(`old-lb.${ZONE}`, ["127.0.0.31"]);
    clock = new Date("2026-12-01T12:02:00.000Z");
    await checkHostnameBindings(deps, { clusterId });
    expect(await row(id)).toEqual({
      status: "pending",
      lastError: `its CNAME chain shop.${ZONE} → old-lb.${ZONE} ends at old-lb.${ZONE}, not at ${TARGET} (nor on its chain ${TARGET} → ${EDGE}): point a CNAME record for shop.${ZONE} at ${TARGET}.`,
      updatedAt: clock,
    });
  });

  it("counts a chain that meets the target's own chain as ready (final canonical target)", async () => {
    const { clusterId } = await clusterWithTarget(TARGET);
    const id = await binding(clusterId, `direct-edge.${ZONE}`);
    dns.setCname(`direct-edge.${ZONE}`, EDGE);
    await checkHostnameBindings(deps, { clusterId });
    expect(await row(id)).toMatchObject({ status: "ready", lastError: null });
  });

  it("marks a loop as an error with the observed chain", async () => {
    const { clusterId } = await clusterWithTarget(TARGET);
    const id = await binding(clusterId, `loop.${ZONE}`);
    dns.setCname(`loop.${ZONE}`, `loop-back.${ZONE}`);
    dns.setCname(`loop-back.${ZONE}`, `loop.${ZONE}`);
    await checkHostnameBindings(deps, { clusterId });
    expect(await row(id)).toMatchObject({
      status: "error",
      lastError: `its CNAME chain loop.${ZONE} → loop-back.${ZONE} → loop.${ZONE} loops back to loop.${ZONE}: fix the CNAME records so the chain ends at ${TARGET}.`,
    });
  });

  it("marks a resolver failure as an error and recovers when the server answers again", async () => {
    const { clusterId } = await clusterWithTarget(TARGET);
    const id = await binding(clusterId, `flaky.${ZONE}`);
    dns.setCname(`flaky.${ZONE}`, TARGET);
    dns.failWith(`flaky.${ZONE}`, "servfail");
    await checkHostnameBindings(deps, { clusterId });
    expect(await row(id)).toMatchObject({ status: "error", lastError: expect.stringContaining(`looking up flaky.${ZONE} failed (ESERVFAIL`) });
    dns.failWith(`flaky.${ZONE}`, null);
    await checkHostnameBindings(deps, { clusterId });
    expect(await row(id)).toMatchObject({ status: "ready", lastError: null });
  });

  it("writes nothing when nothing changed (updated_at stays)", async () => {
    const { clusterId } = await clusterWithTarget(TARGET);
    const id = await binding(clusterId, `steady.${ZONE}`);
    dns.setCname(`steady.${ZONE}`, TARGET);
    await checkHostnameBindings(deps, { clusterId });
    const first = await row(id);
    clock = new Date("2026-12-01T13:00:00.000Z");
    const [again] = await checkHostnameBindings(deps, { clusterId });
    expect(again).toMatchObject({ status: "ready", changed: false });
    expect(await row(id)).toEqual(first);
  });

  it("keeps a binding pending with what to do while its cluster has no CNAME target, and skips clusters being deleted", async () => {
    const { clusterId } = await clusterWithTarget(null);
    const id = await binding(clusterId, `early.${ZONE}`);
    dns.setCname(`early.${ZONE}`, TARGET);
    await checkHostnameBindings(deps, { clusterId });
    expect(await row(id)).toMatchObject({ status: "pending", lastError: expect.stringContaining("The cluster has no CNAME target yet") });

    const leaving = await clusterWithTarget(TARGET);
    const gone = await binding(leaving.clusterId, `leaving.${ZONE}`);
    dns.setCname(`leaving.${ZONE}`, TARGET);
    await db.cluster.update({ where: { id: leaving.clusterId }, data: { status: "deleting" } });
    expect(await checkHostnameBindings(deps, { clusterId: leaving.clusterId })).toEqual([]);
    expect(await row(gone)).toMatchObject({ status: "pending", lastError: null });
  });

  it("does not overwrite a status another pass wrote meanwhile", async () => {
    const { clusterId } = await clusterWithTarget(TARGET);
    const id = await binding(clusterId, `raced.${ZONE}`);
    dns.setCname(`raced.${ZONE}`, TARGET);
    // Another process's pass lands between this pass's read and its write.
    const racing: DnsCheckDeps = {
      ...deps,
      dns: {
        followCnameChain: async (name) => {
          if (name === `raced.${ZONE}`) await db.hostnameBinding.update({ where: { id }, data: { status: "error", lastError: "written by the other pass" } });
          return deps.dns.followCnameChain(name);
        },
      },
    };
    await checkHostnameBindings(racing, { bindingId: id });
    expect(await row(id)).toMatchObject({ status: "error", lastError: "written by the other pass" });
    await checkHostnameBindings(deps, { bindingId: id });
    expect(await row(id)).toMatchObject({ status: "ready" });
  });
});

describe("checkClusterHostnameBindingsNow", () => {
  it("checks the owner's cluster; another user's cluster is NOT_FOUND and nothing is written", async () => {
    const { userId, clusterId } = await clusterWithTarget(TARGET);
    const id = await binding(clusterId, `now.${ZONE}`);
    dns.setCname(`now.${ZONE}`, TARGET);
    const stranger = await insertTestCluster(db);

    await expect(checkClusterHostnameBindingsNow(deps, viewerOf(stranger.userId), clusterId)).rejects.toMatchObject({ code: "NOT_FOUND", message: `Cluster ${clusterId} was not found.` });
    expect(await row(id)).toMatchObject({ status: "pending", lastError: null });

    const { results } = await checkClusterHostnameBindingsNow(deps, viewerOf(userId), clusterId);
    expect(results.map((r) => [r.hostname, r.status])).toEqual([[`now.${ZONE}`, "ready"]]);
    expect(await row(id)).toMatchObject({ status: "ready" });
  });
});
