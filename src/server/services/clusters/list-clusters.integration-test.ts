import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import type { Viewer } from "@/server/domain/auth/viewer";
import { createPrismaClient, pgPoolOf, readClusterPage, type Db } from "@/server/infra/db/client";
import { toClusterView } from "./cluster-view";
import { listClusters } from "./list-clusters";

/**
 * The cluster list reads its page with its own SQL statement (infra/db/cluster-page-statement.ts) rather than
 * through Prisma, so this checks it against Prisma: the same values and types for every column of the view,
 * and the same order, scoping and cursor behaviour as the other lists.
 */
let database: TestDatabase;
let db: Db;

const viewer = (id: string, role: "user" | "admin" = "user"): Viewer => ({ id, email: `${id}@example.test`, name: id, role, auth: { method: "session", sessionId: "ses_l" } });
const alice = viewer("usr_alice");
const bob = viewer("usr_bob");
const admin = viewer("usr_admin", "admin");
const tie = new Date("2026-11-01T10:00:00.123Z");

async function walk(v: Viewer, opts: { includeDeleted?: boolean; limit: number }): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listClusters({ db }, v, { ...opts, cursor });
    expect(page.items.length).toBeLessThanOrEqual(opts.limit);
    ids.push(...page.items.map((c) => c.id));
    if (!page.next_cursor) return ids;
    cursor = page.next_cursor;
  }
}

beforeAll(async () => {
  database = await createTestDatabase("list_clusters");
  db = createPrismaClient(database.url);
  for (const u of [alice, bob, admin]) await db.user.create({ data: { id: u.id, email: u.email, name: u.name, role: u.role } });
  await db.plan.create({ data: { id: "pln_l", code: "l", name: "L", clusterQuota: 50, nodeQuota: 3, cpuQuota: "2", memoryQuota: "4Gi" } });
  // Every column of the view set (non-null, non-default) on one row; the rest leave the defaults and nulls.
  await db.cluster.create({
    data: {
      id: "cl_full",
      ownerId: alice.id,
      name: "Full",
      vclusterName: "vc-full",
      namespace: "kb-full",
      status: "error",
      lastError: "helm failed",
      controlPlaneHost: "k8s.example.test",
      publicAccessEnabled: false,
      publicAccessMode: "loadbalancer",
      publicAccessPort: 31443,
      apiEndpoint: "https://k8s.example.test:443",
      kubeconfigAvailable: true,
      connectionStatus: "connected",
      previousControlPlaneHost: "old.example.test",
      previousControlPlaneHostUntil: new Date("2026-12-01T00:00:00.456Z"),
      controlPlaneHostChangedAt: new Date("2026-11-30T00:00:00.789Z"),
      managedWorkloadIngressEnabled: true,
      managedWorkloadIngressStatus: "ready",
      managedWorkloadIngressLastError: "was broken",
      managedWorkloadIngressClass: "kubebyon",
      managedWorkloadIngressCnameTarget: "edge.example.test",
      managedWorkloadIngressDnsStatus: "synced",
      managedWorkloadIngressDnsMessage: "in sync",
      managedWorkloadIngressDnsLastSyncedAt: new Date("2026-11-29T00:00:00.001Z"),
      managedWorkloadIngressDnsLastError: "timeout",
      managedWorkloadIngressDnsLastErrorAt: new Date("2026-11-28T00:00:00.002Z"),
      workloadEdgeStatus: "ready",
      workloadEdgeMessage: "routed",
      workloadEdgeBackend: "node_port",
      workloadEdgeLastSyncedAt: new Date("2026-11-27T00:00:00.003Z"),
      workloadEdgeLastError: "conflict",
      workloadEdgeLastErrorAt: new Date("2026-11-26T00:00:00.004Z"),
      workloadEdgeCheckedAt: new Date("2026-11-27T00:00:30.005Z"),
      controlPlaneRouteStatus: "pending",
      controlPlaneRouteMessage: "no controller yet",
      controlPlaneRouteCheckedAt: new Date("2026-11-27T00:01:00.006Z"),
      admissionWebhookStatus: "ready",
      admissionWebhookMessage: "applied",
      admissionWebhookAppliedAt: new Date("2026-11-25T00:00:00.005Z"),
      planId: "pln_l",
      nodeQuota: 3,
      cpuQuota: "2",
      memoryQuota: "4Gi",
      createdAt: new Date("2026-11-02T00:00:00.000Z"),
      deletedAt: new Date("2026-11-24T00:00:00.006Z"),
    },
  });
  // Seven of alice's share one created_at (the id breaks the tie), one is deleted; bob has two.
  const rows = [
    ...Array.from({ length: 7 }, (_, i) => ({ id: `cl_tie_${i}`, ownerId: alice.id, createdAt: tie })),
    { id: "cl_old", ownerId: alice.id, createdAt: new Date("2026-10-01T00:00:00Z") },
    { id: "cl_gone", ownerId: alice.id, createdAt: new Date("2026-10-15T00:00:00Z"), status: "deleted" as const },
    { id: "cl_bob_1", ownerId: bob.id, createdAt: new Date("2026-10-20T00:00:00Z") },
    { id: "cl_bob_2", ownerId: bob.id, createdAt: new Date("2026-11-20T00:00:00Z") },
  ];
  for (const r of rows) await db.cluster.create({ data: { name: r.id, vclusterName: `vc-${r.id}`, namespace: `kb-${r.id}`, ...r } });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe("listClusters", () => {
  it("reads every column of the view with the values and types Prisma gives", async () => {
    const rows = await readClusterPage(pgPoolOf(db), { includeDeleted: true, after: null, take: 100 });
    expect(rows).toHaveLength(12);
    const select = Object.fromEntries(Object.keys(rows[0]!).map((k) => [k, true]));
    const viaPrisma = await db.cluster.findMany({ select, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    expect(rows).toEqual(viaPrisma);
    // And the view made from each is the same (toClusterView takes either).
    const full = await db.cluster.findUniqueOrThrow({ where: { id: "cl_full" } });
    expect(toClusterView(rows.find((r) => r.id === "cl_full")!)).toEqual(toClusterView(full));
    expect(toClusterView(full)).toMatchObject({ public_access_mode: "off", workload_edge_backend: "node_port", admission_webhook: { status: "ready" } });
  });

  it("pages an owner's clusters newest first, ties by id, without deleted ones unless asked, and never another owner's", async () => {
    const expected = ["cl_full", ...Array.from({ length: 7 }, (_, i) => `cl_tie_${6 - i}`), "cl_old"];
    for (const limit of [1, 2, 3, 50]) expect(await walk(alice, { limit })).toEqual(expected);
    expect(await walk(alice, { limit: 3, includeDeleted: true })).toEqual([...expected.slice(0, 8), "cl_gone", "cl_old"]);
    expect(await walk(bob, { limit: 1 })).toEqual(["cl_bob_2", "cl_bob_1"]);
  });

  it("gives admins everyone's clusters, and refuses a cursor it did not make", async () => {
    const all = await walk(admin, { limit: 4 });
    expect(all).toHaveLength(11);
    expect(all.slice(0, 3)).toEqual(["cl_bob_2", "cl_full", "cl_tie_6"]);
    expect(await walk(admin, { limit: 5, includeDeleted: true })).toHaveLength(12);
    await expect(listClusters({ db }, admin, { limit: 5, cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
