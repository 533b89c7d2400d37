import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { retentionTables, type RetentionDays, type RetentionTable } from "@/server/domain/retention/retention-policy";
import { createPrismaClient, type Db } from "@/server/infra/db/client";
import type { RetentionDeps } from "./apply-retention";
import { retentionSummary, retentionTask } from "./retention.task";

/**
 * The retention pass on real PostgreSQL: in every table, rows older than the retention go, in several batches;
 * recent rows stay, and so do old rows that are not finished (a queued job, an open operation or one a queued job
 * still points at, an undelivered notification, a live session, an open join session). 0 days keeps a table.
 */
const NOW = new Date("2027-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600_000);
const OLD = daysAgo(20);
const RECENT = daysAgo(1);
const LATER = daysAgo(-5);
const BATCH = 2;
const everyTable = (days: number) => Object.fromEntries(retentionTables.map((t) => [t, days])) as RetentionDays;

let database: TestDatabase;
let client: pg.Client;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase("retention");
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await client?.end();
  await database?.drop();
});

async function insert(table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  for (const row of rows) {
    const names = Object.keys(row);
    await client.query(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")})`, Object.values(row));
  }
}

type Expectation = Record<RetentionTable, { gone: string[]; kept: string[] }>;

/** Five eligible rows per table (three batches of two), then the rows that must stay; ids start with `p`. */
async function seed(p: string): Promise<Expectation> {
  const user = `usr_${p}`;
  const cluster = `cl_${p}`;
  await insert("users", [{ id: user, email: `${p}@example.test`, name: p, updated_at: NOW }]);
  await insert("clusters", [{ id: cluster, owner_id: user, name: p, vcluster_name: `vc-${p}`, namespace: `kb-${p}`, updated_at: NOW }]);
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}_${p}_${i}`);
  const expect: Partial<Expectation> = {};

  const audit = ids("aud", 6);
  await insert("audit_events", audit.map((id, i) => ({ id, action: "cluster.update", created_at: i < 5 ? OLD : RECENT })));
  expect.audit_events = { gone: audit.slice(0, 5), kept: audit.slice(5) };

  const events = ids("nev", 6);
  await insert("node_events", events.map((id, i) => ({ id, cluster_id: cluster, node_name: "n1", type: "Ready", observed_at: i < 5 ? OLD : RECENT })));
  expect.node_events = { gone: events.slice(0, 5), kept: events.slice(5) };

  // Operations first: jobs point at them. [0-4] closed long ago, [5] closed recently, [6] still running,
  // [7] closed long ago but a queued job (a retry) still points at it.
  const ops = ids("op", 8);
  await insert("cluster_operations", ops.map((id, i) => ({ id, cluster_id: cluster, kind: "update", updated_at: NOW, status: i === 6 ? "running" : i % 2 ? "failed" : "succeeded", finished_at: i === 6 ? null : i === 5 ? RECENT : OLD })));
  expect.cluster_operations = { gone: ops.slice(0, 5), kept: ops.slice(5) };

  // [0-4] finished long ago, [5] finished recently, [6] queued since long ago, [7] running, on ops[7].
  const jobs = ids("job", 8);
  const jobStatus = ["succeeded", "failed", "dead", "succeeded", "failed", "succeeded", "pending", "running"];
  await insert("cluster_jobs", jobs.map((id, i) => ({ id, cluster_id: cluster, kind: "cluster.update", updated_at: NOW, created_at: OLD, operation_id: i >= 6 ? ops[7] : ops[i % 5], status: jobStatus[i], finished_at: i >= 6 ? null : i === 5 ? RECENT : OLD })));
  expect.cluster_jobs = { gone: jobs.slice(0, 5), kept: jobs.slice(5) };

  const deliveries = ids("ntf", 7);
  await insert("notification_deliveries", deliveries.map((id, i) => ({ id, channel: "email", event: "cluster.ready", recipient: "a@example.test", updated_at: NOW, created_at: i === 5 ? RECENT : OLD, status: i === 6 ? "pending" : i % 2 ? "failed" : "sent" })));
  expect.notification_deliveries = { gone: deliveries.slice(0, 5), kept: deliveries.slice(5) };

  // [0-2] expired long ago ([2] also revoked), [3-4] revoked long ago but not expired yet, [5] expired recently,
  // [6] revoked recently, [7] live.
  const sessions = ids("ses", 8);
  const sessionTimes: Array<[Date, Date | null]> = [[OLD, null], [OLD, null], [OLD, OLD], [LATER, OLD], [LATER, OLD], [RECENT, null], [LATER, RECENT], [LATER, null]];
  await insert("sessions", sessions.map((id, i) => ({ id, user_id: user, created_at: daysAgo(30), expires_at: sessionTimes[i]![0], revoked_at: sessionTimes[i]![1] })));
  expect.sessions = { gone: sessions.slice(0, 5), kept: sessions.slice(5) };

  // [0-4] finished long ago, [5] finished recently, [6] opened long ago and never finished.
  const joins = ids("js", 7);
  const joinStatus = ["joined", "refused", "timed_out", "join_failed", "reset", "joined", "waiting_for_node"];
  await insert("join_sessions", joins.map((id, i) => ({ id, cluster_id: cluster, token_id: "abcdef", status: joinStatus[i], created_at: OLD, finished_at: i === 6 ? null : i === 5 ? RECENT : OLD })));
  await insert("join_session_events", joins.flatMap((session) => [1, 2].map((sequence) => ({ id: `jse_${session}_${sequence}`, session_id: session, sequence, kind: "check", outcome: "pass" }))));
  await insert("join_token_nodes", [{ id: `jtn_${p}`, cluster_id: cluster, token_id: "abcdef", session_id: joins[0], node_name: "n1", csr_name: `csr-${p}`, observed_at: OLD }]);
  expect.join_sessions = { gone: joins.slice(0, 5), kept: joins.slice(5) };

  const codes = ids("evc", 7);
  await insert("email_verification_codes", codes.map((id, i) => ({ id, email: `${p}@example.test`, purpose: "login", code_hash: "x", expires_at: i < 5 ? OLD : i === 5 ? RECENT : LATER, consumed_at: i === 0 ? OLD : null })));
  expect.email_verification_codes = { gone: codes.slice(0, 5), kept: codes.slice(5) };

  const resets = ids("pwr", 7);
  await insert("password_resets", resets.map((id, i) => ({ id, user_id: user, token_hash: id, expires_at: i < 5 ? OLD : i === 5 ? RECENT : LATER })));
  expect.password_resets = { gone: resets.slice(0, 5), kept: resets.slice(5) };
  return expect as Expectation;
}

async function remaining(table: RetentionTable, prefix: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM ${table} WHERE id LIKE $1 ORDER BY id`, [`%\\_${prefix}\\_%`]);
  return rows.map((r) => r.id);
}

const deps = (days: RetentionDays): RetentionDeps => ({ db, now: () => NOW, retention: { days, batchSize: BATCH } });

describe("retention task", () => {
  it("deletes every table's eligible rows in batches and keeps recent and unfinished ones", async () => {
    const expected = await seed("a");
    const result = await retentionTask.run(deps(everyTable(10)), new AbortController().signal);

    expect(result.interrupted).toBe(false);
    for (const table of retentionTables) {
      expect(await remaining(table, "a"), table).toEqual([...expected[table].kept].sort());
      // Five eligible rows, two per statement: 2, 2, then a short batch of 1 ends the table.
      expect(result.tables[table], table).toEqual({ deleted: 5, batches: 3 });
    }
    // Cascades and SET NULL, not foreign-key failures: the events went with their sessions, provenance stays.
    expect((await client.query("SELECT count(*)::int AS n FROM join_session_events WHERE session_id LIKE 'js\\_a\\_%'")).rows[0].n).toBe(4);
    expect((await client.query("SELECT session_id FROM join_token_nodes WHERE id = 'jtn_a'")).rows[0].session_id).toBeNull();
    expect((await client.query("SELECT operation_id FROM cluster_jobs WHERE id = 'job_a_6'")).rows[0].operation_id).toBe("op_a_7");
    expect(retentionSummary(result)).toEqual({ level: "info", message: "rows past their retention deleted", fields: Object.fromEntries(retentionTables.map((t) => [t, 5])) });

    // The next pass finds nothing: one short statement per table, and nothing to log.
    const again = await retentionTask.run(deps(everyTable(10)), new AbortController().signal);
    for (const table of retentionTables) expect(again.tables[table], table).toEqual({ deleted: 0, batches: 1 });
    expect(retentionSummary(again)).toBeUndefined();
  });

  it("keeps a table forever at 0 days, and only reports the tables it deleted from", async () => {
    const expected = await seed("b");
    const result = await retentionTask.run(deps({ ...everyTable(0), audit_events: 10 }), new AbortController().signal);

    expect(Object.keys(result.tables)).toEqual(["audit_events"]);
    expect(await remaining("audit_events", "b")).toEqual(expected.audit_events.kept);
    for (const table of retentionTables.filter((t) => t !== "audit_events")) {
      expect(await remaining(table, "b"), table).toEqual([...expected[table].gone, ...expected[table].kept].sort());
    }
    expect(retentionSummary(result)?.fields).toEqual({ audit_events: 5 });
  });

  it("stops between batches when the process stops", async () => {
    await seed("c");
    const stopping = new AbortController();
    stopping.abort();
    const result = await retentionTask.run(deps(everyTable(10)), stopping.signal);

    expect(result.interrupted).toBe(true);
    expect(result.tables.audit_events).toEqual({ deleted: 0, batches: 0 });
    expect(await remaining("audit_events", "c")).toHaveLength(6);
  });

  it("is a leader task on the configured interval", () => {
    expect(retentionTask.scope).toBe("leader");
    expect(retentionTask.intervalMs({ retention: { intervalSeconds: 3_600 } } as Parameters<typeof retentionTask.intervalMs>[0])).toBe(3_600_000);
  });
});
