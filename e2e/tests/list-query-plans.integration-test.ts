import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { recordingPrismaClient, scansOf, type CapturedQuery } from "@e2e/env/query-plans";
import { seedAuditEvents, seedChildRows, seedClusters, seedDeliveries, seedOrders, seedPlan, seedUsers } from "@e2e/env/seed-list-rows";
import type { Viewer } from "@/server/domain/auth/viewer";
import { listUsers } from "@/server/services/admin/list-users";
import { listApiKeys } from "@/server/services/api-keys/list-api-keys";
import { listAuditEvents, listOwnActivity } from "@/server/services/audit/list-audit-events";
import { listOrders } from "@/server/services/billing/list-orders";
import { listConnectionEvents } from "@/server/services/cluster-health/list-connection-events";
import { listClusterOperations } from "@/server/services/clusters/list-cluster-operations";
import { listClusters } from "@/server/services/clusters/list-clusters";
import { listHostnameBindings } from "@/server/services/hostname-bindings/list-hostname-bindings";
import { listJoinSessions } from "@/server/services/join-sessions/list-join-sessions";
import { listJoinTokens } from "@/server/services/join-tokens/list-join-tokens";
import { listClusterKubeconfigCredentials, listMyKubeconfigCredentials } from "@/server/services/kubeconfigs/list-kubeconfig-credentials";
import { listDeliveries } from "@/server/services/notifications/list-deliveries";
import { retentionTables, type RetentionDays } from "@/server/domain/retention/retention-policy";
import { retentionTask } from "@/server/services/retention/retention.task";

/**
 * Each list's hot query against seeded tables of production size, as the use case sends it: EXPLAIN must show
 * an index on the listed table, never a sequential scan. A missing or mis-ordered index fails here. The same holds
 * for the retention pass's batched deletes (docs/retention.md), which run last because they delete seeded rows.
 */
let database: TestDatabase;
let client: pg.Client;
let recording: ReturnType<typeof recordingPrismaClient>;
let owners: string[];

const viewer = (id: string, role: Viewer["role"] = "user"): Viewer => ({ id, email: `${id}@seed.example.test`, name: id, role, auth: { method: "session", sessionId: "ses_seed" } });

beforeAll(async () => {
  database = await createTestDatabase("list_query_plans");
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // 20 000 accounts; the 200 newest own 100 clusters, audit events, orders and deliveries each.
  owners = (await seedUsers(client, { count: 20_000, prefix: "p" })).ids.slice(0, 200);
  await seedClusters(client, { ownerIds: owners, perOwner: 100, prefix: "p" });
  await seedAuditEvents(client, { actorIds: owners, perActor: 100, prefix: "p" });
  await seedOrders(client, { userIds: owners, perUser: 100, planId: await seedPlan(client, "pln_seed"), prefix: "p" });
  await seedDeliveries(client, { userIds: owners, perUser: 100, prefix: "p" });
  await seedChildRows(client, { table: "api_keys", idPrefix: "key_p", parentIds: owners, perParent: 100, columns: { user_id: "p.id", name: "'seed'", prefix: "'kbk_' || p.n || '_' || i", key_hash: "md5(p.id || '_' || i)" } });
  // Each owner's first cluster gets 100 rows of every per-cluster list: 20 000 rows per table.
  const first = owners.map((_, n) => `cl_p${n + 1}_1`);
  const perCluster = { parentIds: first, perParent: 100 };
  await seedChildRows(client, { table: "join_tokens", idPrefix: "tok_p", ...perCluster, columns: { cluster_id: "p.id", token_id: "substr(md5(p.id || '_' || i), 1, 6)", secret_hash: "md5(p.id || '_' || i)", expires_at: "now() + interval '1 day'" } });
  await seedChildRows(client, { table: "cluster_operations", idPrefix: "op_p", ...perCluster, columns: { cluster_id: "p.id", kind: "'update'", status: "'succeeded'", updated_at: "now()", finished_at: hoursAgo("i") } });
  await seedChildRows(client, { table: "cluster_connection_events", idPrefix: "cce_p", ...perCluster, columns: { cluster_id: "p.id", from_status: "'connected'", to_status: "'unreachable'" } });
  await seedChildRows(client, { table: "join_sessions", idPrefix: "js_p", ...perCluster, columns: { cluster_id: "p.id", token_id: "'abcdef'", status: "'joined'", finished_at: hoursAgo("i") } });
  await seedChildRows(client, { table: "hostname_bindings", idPrefix: "hb_p", ...perCluster, columns: { cluster_id: "p.id", hostname: "'h' || i || '.' || p.n || '.seed.example.test'", updated_at: "now()" } });
  await seedChildRows(client, { table: "kubeconfig_credentials", idPrefix: "kc_p", ...perCluster, columns: { cluster_id: "p.id", user_id: "'usr_p' || p.n", access: "'admin'", service_account_name: "'kubebyon-user-' || i", expires_at: "now() + interval '1 day'" } });
  await seedRetentionRows(owners, perCluster);
  await client.query("ANALYZE");
  recording = recordingPrismaClient(database.url);
}, 120_000);

/** The other tables the retention pass walks, 20 000 rows each, their retention clocks 1 to 100 hours ago. */
async function seedRetentionRows(users: string[], perCluster: { parentIds: string[]; perParent: number }): Promise<void> {
  const perUser = { parentIds: users, perParent: 100 };
  await seedChildRows(client, { table: "node_events", idPrefix: "nev_p", ...perCluster, columns: { cluster_id: "p.id", node_name: "'n' || (i % 5)", type: "'Ready'", observed_at: hoursAgo("i") } });
  // One job per operation (same numbering); every tenth still queued, so its operation must stay.
  await seedChildRows(client, {
    table: "cluster_jobs",
    idPrefix: "job_p",
    ...perCluster,
    columns: {
      cluster_id: "p.id",
      operation_id: "'op_p' || p.n || '_' || i",
      kind: "'cluster.update'",
      status: `(CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'succeeded' END)::"ClusterJobStatus"`,
      finished_at: `CASE WHEN i % 10 = 0 THEN NULL ELSE ${hoursAgo("i")} END`,
      updated_at: "now()",
    },
  });
  await seedChildRows(client, { table: "sessions", idPrefix: "ses_p", ...perUser, columns: { user_id: "p.id", expires_at: hoursAgo("(i - 50)"), revoked_at: `CASE WHEN i % 7 = 0 THEN ${hoursAgo("i")} END` } });
  await seedChildRows(client, { table: "email_verification_codes", idPrefix: "evc_p", ...perUser, columns: { email: "p.id || '@seed.example.test'", purpose: "'login'", code_hash: "'x'", expires_at: hoursAgo("i") } });
  await seedChildRows(client, { table: "password_resets", idPrefix: "pwr_p", ...perUser, columns: { user_id: "p.id", token_hash: "md5(p.id || '_' || i)", expires_at: hoursAgo("i") } });
}

function hoursAgo(hours: string): string {
  return `now() - (${hours} * interval '1 hour')`;
}

afterAll(async () => {
  await recording?.close();
  await client?.end();
  await database?.drop();
});

/** Runs `listPage` twice (first page, then the page after its cursor) and returns the statements that read `table`. */
async function pagesOf(table: string, listPage: (cursor: string | undefined) => Promise<{ items: unknown[]; next_cursor: string | null }>): Promise<CapturedQuery[]> {
  recording.queries.length = 0;
  const first = await listPage(undefined);
  expect(first.items.length).toBeGreaterThan(0);
  expect(first.next_cursor).not.toBeNull();
  const second = await listPage(first.next_cursor!);
  expect(second.items.length).toBeGreaterThan(0);
  const reads = recording.queries.filter((q) => q.sql.includes(`"${table}"`) && /^\s*SELECT/i.test(q.sql));
  expect(reads.length).toBeGreaterThanOrEqual(2);
  return reads;
}

async function expectIndexedScans(table: string, queries: CapturedQuery[]): Promise<void> {
  for (const query of queries) {
    const scans = (await scansOf(client, query)).filter((s) => s.table === table);
    expect(scans.length, query.sql).toBeGreaterThan(0);
    for (const scan of scans) expect(scan.type, `${query.sql}\n${JSON.stringify(scans)}`).not.toBe("Seq Scan");
  }
}

describe("list queries use an index at 20 000 rows", () => {
  it("per-user and per-cluster lists: API keys, join tokens, operations, connection events, join sessions, hostname bindings, kubeconfigs", async () => {
    const db = recording.db;
    const now = () => new Date();
    const log = { warn: () => undefined } as unknown as Parameters<typeof listClusterOperations>[0]["log"];
    const owner = viewer(owners[41]!);
    const clusterId = "cl_p42_1";
    await expectIndexedScans("api_keys", await pagesOf("api_keys", (cursor) => listApiKeys({ db }, owner, { limit: 50, cursor })));
    await expectIndexedScans("join_tokens", await pagesOf("join_tokens", (cursor) => listJoinTokens({ db, now }, owner, clusterId, { limit: 50, cursor })));
    await expectIndexedScans("cluster_operations", await pagesOf("cluster_operations", (cursor) => listClusterOperations({ db, log }, owner, clusterId, { limit: 50, cursor })));
    await expectIndexedScans("cluster_connection_events", await pagesOf("cluster_connection_events", (cursor) => listConnectionEvents({ db, log }, owner, clusterId, { limit: 50, cursor })));
    await expectIndexedScans("join_sessions", await pagesOf("join_sessions", (cursor) => listJoinSessions({ db }, owner, clusterId, { limit: 50, cursor })));
    await expectIndexedScans("hostname_bindings", await pagesOf("hostname_bindings", (cursor) => listHostnameBindings({ db }, owner, clusterId, { limit: 50, cursor })));
    await expectIndexedScans("kubeconfig_credentials", await pagesOf("kubeconfig_credentials", (cursor) => listMyKubeconfigCredentials({ db, now }, owner, { limit: 50, cursor })));
    await expectIndexedScans("kubeconfig_credentials", await pagesOf("kubeconfig_credentials", (cursor) => listClusterKubeconfigCredentials({ db, now }, owner, clusterId, { limit: 50, cursor })));
  });

  it("users: the admin's list, and filtered by role", async () => {
    const db = recording.db;
    await expectIndexedScans("users", await pagesOf("users", (cursor) => listUsers({ db }, { limit: 50, cursor })));
    await expectIndexedScans("users", await pagesOf("users", (cursor) => listUsers({ db }, { limit: 50, cursor, role: "user" })));
  });

  it("orders: a user's own, everyone's, and everyone's with one status", async () => {
    const db = recording.db;
    const now = () => new Date();
    await expectIndexedScans("orders", await pagesOf("orders", (cursor) => listOrders({ db, now }, { userId: owners[5]!, limit: 50, cursor })));
    await expectIndexedScans("orders", await pagesOf("orders", (cursor) => listOrders({ db, now }, { limit: 50, cursor })));
    await expectIndexedScans("orders", await pagesOf("orders", (cursor) => listOrders({ db, now }, { status: "pending", limit: 50, cursor })));
  });

  it("notification deliveries: a user's own and everyone's", async () => {
    const db = recording.db;
    await expectIndexedScans("notification_deliveries", await pagesOf("notification_deliveries", (cursor) => listDeliveries({ db }, { limit: 50, cursor }, owners[9]!)));
    await expectIndexedScans("notification_deliveries", await pagesOf("notification_deliveries", (cursor) => listDeliveries({ db }, { limit: 50, cursor })));
  });

  it("clusters: an owner's pages and an admin's pages, with and without deleted ones", async () => {
    const db = recording.db;
    const owner = viewer(owners[7]!);
    await expectIndexedScans("clusters", await pagesOf("clusters", (cursor) => listClusters({ db }, owner, { limit: 50, cursor })));
    const admin = viewer("usr_admin", "admin");
    await expectIndexedScans("clusters", await pagesOf("clusters", (cursor) => listClusters({ db }, admin, { limit: 50, cursor })));
    await expectIndexedScans("clusters", await pagesOf("clusters", (cursor) => listClusters({ db }, admin, { limit: 50, cursor, includeDeleted: true })));
  });

  it("audit events: the whole stream and one user's own activity", async () => {
    const db = recording.db;
    await expectIndexedScans("audit_events", await pagesOf("audit_events", (cursor) => listAuditEvents({ db }, { limit: 50, cursor })));
    await expectIndexedScans("audit_events", await pagesOf("audit_events", (cursor) => listOwnActivity({ db }, viewer(owners[3]!), { limit: 50, cursor })));
  });
});

describe("retention deletes use an index at 20 000 rows", () => {
  it("every table's batch walks an index (and a finished job's operation check, the jobs' index), never the whole table", async () => {
    // Audit events and deliveries are seeded over the last 28 hours, the others over 100: about a sixth and a
    // quarter of each table is eligible, so every table takes several batches.
    const days: RetentionDays = { ...(Object.fromEntries(retentionTables.map((t) => [t, 3])) as RetentionDays), audit_events: 1, notification_deliveries: 1 };
    recording.queries.length = 0;
    const result = await retentionTask.run({ db: recording.db, now: () => new Date(), retention: { days, batchSize: 500 } }, new AbortController().signal);
    for (const table of retentionTables) {
      expect(result.tables[table]?.batches, table).toBeGreaterThan(1);
      // Every batch sends the same statement with the same parameters: one EXPLAIN covers them all.
      const batch = recording.queries.find((q) => new RegExp(`^\\s*DELETE FROM ${table} `).test(q.sql));
      expect(batch, table).toBeDefined();
      const scans = await scansOf(client, batch!);
      expect(scans.some((s) => s.table === table && s.type.includes("Index")), `${table}: ${JSON.stringify(scans)}`).toBe(true);
      for (const scan of scans) expect(scan.type, `${table}: ${JSON.stringify(scans)}`).not.toBe("Seq Scan");
    }
  });
});
