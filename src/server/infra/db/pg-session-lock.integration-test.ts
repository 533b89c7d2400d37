import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { PgSessionLock } from "./pg-session-lock";

let database: TestDatabase;

const lock = (name: string, waitTimeoutMs = 20_000) =>
  new PgSessionLock({ connectionString: database.url, key: "session-lock-test", applicationName: `session-lock-test ${name}`, waitTimeoutMs });

async function sessions(): Promise<Array<{ application_name: string; state: string; holds: boolean }>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ application_name: string; state: string; holds: boolean }>(
      `SELECT a.application_name, a.state,
              EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory' AND l.granted) AS holds
         FROM pg_stat_activity a
        WHERE a.datname = current_database() AND a.application_name LIKE 'session-lock-test%'`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  database = await createTestDatabase("session_lock");
});

afterAll(async () => {
  await database?.drop();
});

describe("PgSessionLock", () => {
  it("runs work of several processes one at a time, on a session that is not inside a transaction", async () => {
    const order: string[] = [];
    const work = (name: string) => async () => {
      order.push(`${name}:start`);
      if (name === "a") {
        const seen = await sessions();
        // Held by a's session, which is idle (not "idle in transaction") while the work runs.
        expect(seen.filter((s) => s.holds)).toEqual([expect.objectContaining({ application_name: "session-lock-test a", state: "idle" })]);
      }
      await pause(150);
      order.push(`${name}:end`);
      return name;
    };
    const a = lock("a");
    const first = a.runExclusive(work("a"));
    await pause(50);
    const results = await Promise.all([first, lock("b").runExclusive(work("b")), lock("c").runExclusive(work("c"))]);
    expect(results).toEqual(["a", "b", "c"]);
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]!.replace(":start", ":end"));
    expect(await sessions()).toEqual([]);
  });

  it("queues runs inside one process too (advisory locks are re-entrant per session)", async () => {
    const l = lock("same");
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        l.runExclusive(async () => {
          inside += 1;
          most = Math.max(most, inside);
          await pause(30);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it("releases the lock when the work throws, and the error reaches the caller", async () => {
    const l = lock("thrower");
    await expect(l.runExclusive(() => Promise.reject(new Error("provider down")))).rejects.toThrow("provider down");
    await expect(lock("next", 2_000).runExclusive(async () => "ran")).resolves.toBe("ran");
  });

  it("gives up with PostgreSQL's lock timeout when another process holds it too long", async () => {
    let release!: () => void;
    const held = lock("holder").runExclusive(() => new Promise<void>((r) => (release = r)));
    await pause(100);
    await expect(lock("impatient", 200).runExclusive(async () => "never")).rejects.toThrow(/lock timeout/i);
    release();
    await held;
  });
});
