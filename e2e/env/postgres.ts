import { randomBytes } from "node:crypto";
import pg from "pg";
import { applyMigrations, type ApplyMigrationsOptions } from "@/server/infra/db/migrate";

export interface TestDatabase {
  /** Connection string of the new database (same server and credentials as the admin URL). */
  url: string;
  /** Terminates every connection to the database and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Skip migrations to get an empty database (for migration-runner tests). */
  migrate?: boolean;
  migrationsDir?: ApplyMigrationsOptions["migrationsDir"];
}

const DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export function testPostgresAdminUrl(): string {
  return process.env.KUBEBYON_TEST_POSTGRES_URL ?? DEFAULT_ADMIN_URL;
}

// Unique per call so parallel test files (and reruns after a crash) never collide; the label
// makes leftovers traceable to the test that created them.
function databaseName(label: string): string {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, 30);
  return `kbt_${slug || "db"}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (cause) {
    throw new Error(
      `cannot connect to the test PostgreSQL server at ${new URL(adminUrl).host}: start PostgreSQL ` +
        `or set KUBEBYON_TEST_POSTGRES_URL to an admin connection string (one that may CREATE DATABASE)`,
      { cause },
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(
  label: string,
  opts: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const adminUrl = testPostgresAdminUrl();
  const name = databaseName(label);
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const db: TestDatabase = {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };

  if (opts.migrate ?? true) {
    try {
      await applyMigrations(db.url, { migrationsDir: opts.migrationsDir });
    } catch (err) {
      await db.drop();
      throw err;
    }
  }
  return db;
}
