import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { sessionLocks } from "./locks";

// `prisma migrate` needs a native schema engine we cannot ship, so migrations (kept in Prisma
// Migrate's directory layout) are applied by this small runner instead.

export interface ApplyMigrationsOptions {
  /** Defaults to `<cwd>/prisma/migrations`; web, worker and tests all run from the repo root. */
  migrationsDir?: string;
  log?: (message: string) => void;
}

export interface ApplyMigrationsResult {
  /** Names of the migrations applied by this call, in order (empty when already up to date). */
  applied: string[];
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export const MIGRATIONS_TABLE = "_kubebyon_migrations";

const MIGRATION_DIR_NAME = /^\d{14}_[A-Za-z0-9_]+$/;

export function defaultMigrationsDir(): string {
  return path.join(process.cwd(), "prisma", "migrations");
}

export function checksumOf(sql: string): string {
  // Normalise line endings so a Windows checkout does not look like an edited migration.
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

export async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  let entries;
  try {
    entries = await readdir(migrationsDir, { withFileTypes: true });
  } catch (cause) {
    throw new Error(
      `cannot read migrations directory ${migrationsDir}: start the process from the repository root or pass migrationsDir`,
      { cause },
    );
  }
  const names = entries
    .filter((e) => e.isDirectory() && MIGRATION_DIR_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: checksumOf(sql) };
    }),
  );
}

export async function applyMigrations(
  connectionString: string,
  opts: ApplyMigrationsOptions = {},
): Promise<ApplyMigrationsResult> {
  const log = opts.log ?? (() => undefined);
  const migrations = await readMigrations(opts.migrationsDir ?? defaultMigrationsDir());
  const client = new pg.Client({ connectionString });
  // A dropped connection also rejects the pending query, which is where we report it; without a
  // listener the 'error' event would crash the whole process instead.
  client.on("error", () => undefined);
  await client.connect();
  try {
    // Session-level lock: held across the per-migration transactions below and released on
    // unlock or when the connection closes, even if this process dies.
    await client.query("SELECT pg_advisory_lock($1::bigint)", [sessionLocks.migrations]);
    try {
      return { applied: await applyPending(client, migrations, log) };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [sessionLocks.migrations]);
    }
  } finally {
    await client.end();
  }
}

async function applyPending(
  client: pg.Client,
  migrations: readonly MigrationFile[],
  log: (message: string) => void,
): Promise<string[]> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const { rows } = await client.query<{ name: string; checksum: string }>(
    `SELECT name, checksum FROM "${MIGRATIONS_TABLE}" ORDER BY name`,
  );
  const appliedChecksums = new Map(rows.map((r) => [r.name, r.checksum]));

  for (const m of migrations) {
    const recorded = appliedChecksums.get(m.name);
    if (recorded !== undefined && recorded !== m.checksum) {
      throw new Error(
        `migration ${m.name} was edited after it was applied to this database ` +
          `(recorded sha256 ${recorded}, file now ${m.checksum}). ` +
          `Restore the original migration.sql and put the change in a new migration directory.`,
      );
    }
  }
  const known = new Set(migrations.map((m) => m.name));
  for (const name of appliedChecksums.keys()) {
    if (!known.has(name)) {
      // A newer release migrated this database; running older code against it is the operator's call.
      log(`warning: database has migration ${name} that is not in this release's prisma/migrations`);
    }
  }

  const applied: string[] = [];
  for (const m of migrations) {
    if (appliedChecksums.has(m.name)) continue;
    log(`applying migration ${m.name}`);
    await client.query("BEGIN");
    try {
      await client.query(m.sql);
      await client.query(`INSERT INTO "${MIGRATIONS_TABLE}" (name, checksum) VALUES ($1, $2)`, [
        m.name,
        m.checksum,
      ]);
      await client.query("COMMIT");
    } catch (cause) {
      await client.query("ROLLBACK");
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new Error(`migration ${m.name} failed and was rolled back: ${reason}`, { cause });
    }
    applied.push(m.name);
  }
  if (applied.length === 0) log("database schema is up to date");
  return applied;
}
