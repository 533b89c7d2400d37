import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { PgAdvisoryClaims } from "./pg-advisory-claims";

let database: TestDatabase;
const open: PgAdvisoryClaims[] = [];

function claims(name: string, lockClass = 4242): PgAdvisoryClaims {
  const c = new PgAdvisoryClaims({ connectionString: database.url, lockClass, applicationName: `claims-test ${name}` });
  open.push(c);
  return c;
}

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase("advisory_claims");
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await database?.drop();
});

describe("PgAdvisoryClaims", () => {
  it("gives a cluster to one holder at a time, re-entrantly, until it is released", async () => {
    const a = claims("a");
    const b = claims("b");
    expect(await a.tryClaim("cl_one")).toBe(true);
    expect(await a.tryClaim("cl_one")).toBe(true);
    expect(await b.tryClaim("cl_one")).toBe(false);
    expect(await b.tryClaim("cl_two")).toBe(true);

    await a.release("cl_one");
    expect(await b.tryClaim("cl_one")).toBe(true);
    expect(await a.tryClaim("cl_one")).toBe(false);
  });

  it("keeps different lock classes apart", async () => {
    const a = claims("class-1", 1);
    const b = claims("class-2", 2);
    expect(await a.tryClaim("cl_shared")).toBe(true);
    expect(await b.tryClaim("cl_shared")).toBe(true);
  });

  it("frees every claim when its session dies, tells the holder, and reconnects on the next claim", async () => {
    const a = claims("dies");
    const b = claims("survivor");
    const lost: string[] = [];
    a.onLost((error) => lost.push(error.message));
    expect(await a.tryClaim("cl_x")).toBe(true);
    expect(await a.tryClaim("cl_y")).toBe(true);
    expect(await b.tryClaim("cl_x")).toBe(false);

    // What a crashed process or a cut connection looks like from the server's side.
    await withClient((client) => client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'claims-test dies'"));
    await expect.poll(() => lost.length, { timeout: 10_000 }).toBeGreaterThan(0);

    expect(await b.tryClaim("cl_x")).toBe(true);
    expect(await b.tryClaim("cl_y")).toBe(true);
    // The dead holder knows it holds nothing: a fresh session, refused like anyone else.
    expect(await a.tryClaim("cl_x")).toBe(false);
    expect(await a.tryClaim("cl_z")).toBe(true);
  });

  it("refuses to claim after close", async () => {
    const a = claims("closed");
    await a.close();
    await expect(a.tryClaim("cl_any")).rejects.toThrow(/closed/);
  });
});
