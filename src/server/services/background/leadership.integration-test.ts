import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@e2e/env/postgres";
import { spawnTsxProcess, type WorkerProcess } from "@e2e/env/worker-process";

// Leader tasks across real processes: two processes run the same leader task on the product's scheduler and its
// PostgreSQL claims (e2e/env/leader-probe-process.ts). Only one runs passes; when it is killed with SIGKILL (no
// shutdown code runs, PostgreSQL sees the connection drop), the other takes over within one interval; no two passes
// ever overlap; each process holds exactly one claims session.
const INTERVAL_MS = 1_000;

let database: TestDatabase;
let client: pg.Client;
const processes: WorkerProcess[] = [];

const probe = (owner: string) => {
  const p = spawnTsxProcess("e2e/env/leader-probe-process.ts", [database.url, owner, String(INTERVAL_MS)], {});
  processes.push(p);
  return p;
};
type Pass = { owner: string; started_at: Date; ended_at: Date | null };
const passes = async () => (await client.query<Pass>("SELECT owner, started_at, ended_at FROM leadership_passes ORDER BY started_at")).rows;
const passesOf = async (owner: string) => (await passes()).filter((p) => p.owner === owner);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase("background_leadership", { migrate: false });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("CREATE TABLE leadership_passes (id serial PRIMARY KEY, owner text NOT NULL, started_at timestamptz NOT NULL, ended_at timestamptz)");
});

afterAll(async () => {
  for (const p of processes) await p.kill();
  await client?.end();
  await database?.drop();
});

describe("leader tasks across processes", () => {
  it("run in one process; a follower takes over within one interval of the leader's SIGKILL; no two passes overlap", async () => {
    const first = probe("first");
    await first.waitForLog("probe ready");
    await expect.poll(async () => (await passesOf("first")).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    const second = probe("second");
    await second.waitForLog("probe ready");
    await sleep(3 * INTERVAL_MS);
    expect(await passesOf("second")).toEqual([]);
    // One claims session per process, whatever it claims.
    const sessions = await client.query<{ application_name: string; n: string }>(
      "SELECT application_name, count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'kubebyon claims (%' GROUP BY 1 ORDER BY 1",
    );
    expect(sessions.rows).toEqual([
      { application_name: "kubebyon claims (first)", n: "1" },
      { application_name: "kubebyon claims (second)", n: "1" },
    ]);

    await first.kill();
    const { rows } = await client.query<{ now: Date }>("SELECT clock_timestamp() AS now");
    const killedAt = rows[0]!.now.getTime();
    await expect.poll(async () => (await passesOf("second")).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const takeover = (await passesOf("second"))[0]!.started_at.getTime() - killedAt;
    // The follower looks once per interval; PostgreSQL ends the dead session's locks when its socket closes (1 s of slack for a loaded machine).
    expect(takeover).toBeLessThan(INTERVAL_MS + 1_000);

    await expect.poll(async () => (await passesOf("second")).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const all = await passes();
    for (let i = 1; i < all.length; i += 1) {
      const previousEnd = all[i - 1]!.ended_at?.getTime() ?? killedAt;
      expect(all[i]!.started_at.getTime(), `pass ${i} (${all[i]!.owner}) started before pass ${i - 1} (${all[i - 1]!.owner}) ended`).toBeGreaterThanOrEqual(previousEnd);
    }
  }, 120_000);
});
