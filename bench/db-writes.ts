import type pg from "pg";

// Row writes and commits on one database, from PostgreSQL's cumulative statistics (pg_stat_user_tables,
// pg_stat_database). pg_stat_statements is not loaded on this server, so statements are not counted.

/** PostgreSQL 15 backends publish their counters at most once a second while busy and after 10 s idle. */
export const STATS_FLUSH_MS = 11_000;

export interface DbWrites {
  /** Per table: rows inserted + updated + deleted. */
  byTable: Map<string, { inserted: number; updated: number; deleted: number }>;
  commits: number;
}

export async function readDbWrites(client: pg.Client): Promise<DbWrites> {
  const tables = await client.query<{ relname: string; ins: string; upd: string; del: string }>(
    "SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del FROM pg_stat_user_tables",
  );
  const db = await client.query<{ commits: string }>("SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()");
  return {
    byTable: new Map(tables.rows.map((r) => [r.relname, { inserted: Number(r.ins), updated: Number(r.upd), deleted: Number(r.del) }])),
    commits: Number(db.rows[0]?.commits ?? 0),
  };
}

export interface WritesDelta {
  /** Tables with any row written, most written first. */
  tables: Array<{ table: string; inserted: number; updated: number; deleted: number }>;
  rows: number;
  commits: number;
}

export function writesBetween(before: DbWrites, after: DbWrites): WritesDelta {
  const tables = [...after.byTable].map(([table, a]) => {
    const b = before.byTable.get(table) ?? { inserted: 0, updated: 0, deleted: 0 };
    return { table, inserted: a.inserted - b.inserted, updated: a.updated - b.updated, deleted: a.deleted - b.deleted };
  });
  const written = tables.filter((t) => t.inserted + t.updated + t.deleted > 0).sort((x, y) => y.inserted + y.updated + y.deleted - (x.inserted + x.updated + x.deleted));
  return { tables: written, rows: written.reduce((sum, t) => sum + t.inserted + t.updated + t.deleted, 0), commits: after.commits - before.commits };
}

export function describeWrites(delta: WritesDelta): string {
  return delta.tables.map((t) => `${t.table} +${t.inserted}/~${t.updated}/-${t.deleted}`).join(", ") || "none";
}
