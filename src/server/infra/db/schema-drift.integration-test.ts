import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import type { DbShape } from "@e2e/env/schema-drift/db-shape";
import { diffDbShapes } from "@e2e/env/schema-drift/diff-db-shapes";
import { expectedShapeFromPrismaSchema } from "@e2e/env/schema-drift/expected-shape-from-prisma";
import { introspectDatabase } from "@e2e/env/schema-drift/introspect-database";
import { MIGRATIONS_TABLE } from "./migrate";

// schema.prisma drives the generated client; prisma/migrations drives the real database.
// This test builds a database from the migrations alone and requires the two to agree.

const SCHEMA_PATH = path.join(process.cwd(), "prisma", "schema.prisma");

describe("schema.prisma vs prisma/migrations", () => {
  let db: TestDatabase;
  let expected: DbShape;
  let actual: DbShape;

  beforeAll(async () => {
    db = await createTestDatabase("schema-drift");
    expected = await expectedShapeFromPrismaSchema(SCHEMA_PATH);
    actual = await introspectDatabase(db.url, { ignoreTables: [MIGRATIONS_TABLE] });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("reads a non-trivial model from both sides", () => {
    // Guards against a vacuous pass (e.g. both sides empty because of a wrong path or schema).
    expect(Object.keys(expected.tables)).toContain("cluster_jobs");
    expect(Object.keys(actual.tables)).toContain("cluster_jobs");
    expect(actual.tables.node_events?.indexes["node_events_cluster_id_observed_at_id_idx"]?.columns).toEqual([
      "cluster_id",
      "observed_at DESC",
      "id DESC",
    ]);
  });

  it("migrations build exactly the schema that schema.prisma describes", () => {
    const differences = diffDbShapes(expected, actual);
    expect(differences, `schema drift:\n${differences.join("\n")}`).toEqual([]);
  });
});

describe("drift detection", () => {
  it("names each kind of difference when the database departs from schema.prisma", async () => {
    const db = await createTestDatabase("schema-drift-bites");
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query(`
        ALTER TYPE "ClusterStatus" ADD VALUE 'paused';
        ALTER TABLE "clusters" ADD COLUMN "extra" TEXT;
        ALTER TABLE "clusters" ALTER COLUMN "last_error" SET NOT NULL;
        ALTER TABLE "cluster_jobs" ALTER COLUMN "max_attempts" SET DEFAULT 3;
        ALTER TABLE "sessions" ALTER COLUMN "ip" TYPE VARCHAR(64);
        DROP INDEX "clusters_status_idx";
        ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_fkey";
        ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
      `);
      await client.end();

      const expected = await expectedShapeFromPrismaSchema(SCHEMA_PATH);
      const actual = await introspectDatabase(db.url, { ignoreTables: [MIGRATIONS_TABLE] });
      const differences = diffDbShapes(expected, actual);
      const expectMessage = (re: RegExp): void => {
        expect(differences.some((d) => re.test(d)), `no message matching ${re} in:\n${differences.join("\n")}`).toBe(true);
      };
      expect(differences).toHaveLength(7);
      expectMessage(/^enum ClusterStatus has values .*"paused".* in the migrations but schema.prisma declares/);
      expectMessage(/^column clusters\.extra is in the migrations but not in schema\.prisma — add the field to model Cluster/);
      expectMessage(/^column clusters\.last_error is NOT NULL in the migrations but nullable in schema\.prisma/);
      expectMessage(/^column cluster_jobs\.max_attempts has default 3 in the migrations but schema\.prisma expects 5/);
      expectMessage(/^column sessions\.ip has type character varying\(64\) in the migrations but schema\.prisma expects text/);
      expectMessage(/^index clusters_status_idx \(status\) on clusters is in schema\.prisma but not in the migrations/);
      expectMessage(/^foreign key sessions_user_id_fkey is .*ON DELETE RESTRICT.* but schema\.prisma expects .*ON DELETE CASCADE/);
    } finally {
      await db.drop();
    }
  });
});
