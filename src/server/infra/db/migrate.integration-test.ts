import { cp, mkdtemp, rm, writeFile, appendFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { applyMigrations, defaultMigrationsDir, MIGRATIONS_TABLE, readMigrations } from "./migrate";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function emptyDb(label: string): Promise<TestDatabase> {
  const db = await createTestDatabase(label, { migrate: false });
  cleanups.push(() => db.drop());
  return db;
}

async function copyOfMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kubebyon-migrations-"));
  await cp(defaultMigrationsDir(), dir, { recursive: true });
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function ledger(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY name`);
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

describe("applyMigrations", () => {
  it("applies every migration once, then is a no-op", async () => {
    const db = await emptyDb("migrate-twice");
    const all = (await readMigrations(defaultMigrationsDir())).map((m) => m.name);
    expect(all.length).toBeGreaterThan(0);

    const first = await applyMigrations(db.url);
    expect(first.applied).toEqual(all);
    const second = await applyMigrations(db.url);
    expect(second.applied).toEqual([]);
    expect(await ledger(db.url)).toEqual(all);
  });

  it("lets two processes start together: both succeed, migrations run once", async () => {
    const db = await emptyDb("migrate-concurrent");
    const [a, b] = await Promise.all([applyMigrations(db.url), applyMigrations(db.url)]);
    const all = (await readMigrations(defaultMigrationsDir())).map((m) => m.name);
    // Exactly one caller did the work; the other waited on the lock and found nothing to do.
    expect([...a.applied, ...b.applied]).toEqual(all);
    expect(await ledger(db.url)).toEqual(all);
  });

  it("applies only new migrations and refuses an edited one", async () => {
    const db = await emptyDb("migrate-checksum");
    const dir = await copyOfMigrations();
    await applyMigrations(db.url, { migrationsDir: dir });

    const added = "29991231000000_add_probe";
    await cp(path.join(dir, (await readMigrations(dir))[0]!.name), path.join(dir, added), { recursive: true });
    await writeFile(path.join(dir, added, "migration.sql"), 'CREATE TABLE "probe" ("id" TEXT PRIMARY KEY);\n');
    expect((await applyMigrations(db.url, { migrationsDir: dir })).applied).toEqual([added]);

    await appendFile(path.join(dir, added, "migration.sql"), "-- edited later\n");
    await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(
      /migration 29991231000000_add_probe was edited after it was applied/,
    );
  });

  it("rolls back a failing migration and records nothing for it", async () => {
    const db = await emptyDb("migrate-failure");
    const dir = await copyOfMigrations();
    const broken = "29991231000001_broken";
    await cp(path.join(dir, (await readMigrations(dir))[0]!.name), path.join(dir, broken), { recursive: true });
    await writeFile(
      path.join(dir, broken, "migration.sql"),
      'CREATE TABLE "half_done" ("id" TEXT);\nSELECT * FROM "no_such_table";\n',
    );
    await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(
      /migration 29991231000001_broken failed and was rolled back: relation "no_such_table" does not exist/,
    );
    const names = await ledger(db.url);
    expect(names).not.toContain(broken);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query("SELECT to_regclass('half_done') AS t");
    await client.end();
    expect(rows[0]).toEqual({ t: null });
  });
});
