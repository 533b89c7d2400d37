// API benchmark (issue 16): `next start` (production build) on a database with 10 000 clusters, driven by
// autocannon at a fixed concurrency, next to a plain Node http server on the same machine in the same run.
// `npm run bench:api -- --duration 5` for a quicker run.
import { spawn } from "node:child_process";
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { startAppServer, TEST_ADMIN } from "@e2e/env/app-server";
import { createTestDatabase } from "@e2e/env/postgres";
import { seedClusters, seedUsers } from "@e2e/env/seed-list-rows";
import { generateApiKey } from "@/server/domain/auth/api-key-format";
import { driveLoad, type LoadFigures, type LoadTarget } from "./load";
import { positiveInt } from "./positive-int";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    clusters: { type: "string", default: "10000" },
    "user-clusters": { type: "string", default: "100" },
    "deep-page": { type: "string", default: "100" },
  },
});


const duration = positiveInt("duration", values.duration);
const connections = positiveInt("connections", values.connections);
const adminClusters = positiveInt("clusters", values.clusters);
const userClusters = positiveInt("user-clusters", values["user-clusters"]);
const deepPage = positiveInt("deep-page", values["deep-page"]);

/** A constant-JSON server in its own process: the ceiling of a Node HTTP stack on this machine. */
async function startPlainServer(): Promise<{ url: string; stop(): void }> {
  const source = `require("node:http").createServer((q, s) => { s.setHeader("content-type", "application/json"); s.end('{"status":"ok"}'); }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", (code) => reject(new Error(`the plain server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function insertApiKey(client: pg.Client, userId: string): Promise<string> {
  const key = generateApiKey();
  await client.query("INSERT INTO api_keys (id, user_id, name, prefix, key_hash) VALUES ($1, $2, 'bench', $3, $4)", [`key_bench_${userId}`, userId, key.prefix, key.hash]);
  return key.key;
}

async function main(): Promise<void> {
  console.log(`bench:api — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(`autocannon, ${connections} connections, ${duration} s per target after a 2 s warm-up; ${adminClusters} clusters for the admin, ${userClusters} for a user`);
  const database = await createTestDatabase("bench_api");
  const plain = await startPlainServer();
  const app = await startAppServer({ databaseUrl: database.url });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    const adminId = (await client.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [TEST_ADMIN.email])).rows[0]!.id;
    const [userId] = (await seedUsers(client, { count: 1, prefix: "bench" })).ids;
    await seedClusters(client, { ownerIds: [adminId], perOwner: adminClusters, prefix: "a" });
    await seedClusters(client, { ownerIds: [userId!], perOwner: userClusters, prefix: "u" });
    await client.query("ANALYZE");
    const adminKey = await insertApiKey(client, adminId);
    const userKey = await insertApiKey(client, userId!);

    // The cursor of page `deepPage` (row deepPage * 50 of the admin's newest-first list), walked like a client would.
    let cursor: string | null = null;
    for (let page = 1; page < deepPage; page++) {
      const res: Response = await fetch(`${app.url}/api/console/clusters?limit=50${cursor ? `&cursor=${cursor}` : ""}`, { headers: { authorization: `Bearer ${adminKey}` } });
      if (!res.ok) throw new Error(`GET /api/console/clusters answered ${res.status}: ${await res.text()}`);
      cursor = ((await res.json()) as { next_cursor: string | null }).next_cursor;
      if (!cursor) throw new Error(`the list ended before page ${deepPage}; seed more clusters`);
    }

    const targets: LoadTarget[] = [
      { name: "plain Node http, constant JSON", url: `${plain.url}/` },
      { name: "GET /healthz", url: `${app.url}/healthz` },
      { name: "GET /api/console/me (API key)", url: `${app.url}/api/console/me`, token: userKey },
      { name: `GET /api/console/clusters, user (${userClusters}), first page`, url: `${app.url}/api/console/clusters`, token: userKey },
      { name: `GET /api/console/clusters, admin (${adminClusters}), first page`, url: `${app.url}/api/console/clusters`, token: adminKey },
      { name: `GET /api/console/clusters, admin, page ${deepPage}`, url: `${app.url}/api/console/clusters?cursor=${cursor}`, token: adminKey },
    ];
    const results: LoadFigures[] = [];
    for (const target of targets) {
      await driveLoad(target, connections, 2);
      const figures = await driveLoad(target, connections, duration);
      results.push(figures);
      console.log(`  ${figures.name}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors ? `, ${figures.errors} errors` : ""}`);
    }

    const by = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!;
    const plainR = results[0]!;
    const health = by("GET /healthz");
    const me = by("GET /api/console/me");
    const firstPage = by(`GET /api/console/clusters, admin (${adminClusters})`);
    const deep = by(`GET /api/console/clusters, admin, page`);
    console.log("\n| request | req/s | p50 ms | p99 ms | bytes/response | vs /healthz |");
    console.log("|---|---|---|---|---|---|");
    for (const r of results) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.bytes.toFixed(0)} | ${(r.rps / health.rps).toFixed(2)}× |`);
    console.log(`\n/healthz vs plain Node: ${(health.rps / plainR.rps).toFixed(3)}×`);
    const checks: Array<[string, boolean]> = [
      [`first page at ${adminClusters} clusters: p99 ${firstPage.p99} ms < 50 ms`, firstPage.p99 < 50],
      [`page ${deepPage} at ${adminClusters} clusters: p99 ${deep.p99} ms < 50 ms`, deep.p99 < 50],
      [`/me: ${(me.rps / health.rps).toFixed(2)}× /healthz ≥ 0.6×`, me.rps / health.rps >= 0.6],
      [`/me: p99 ${me.p99} ms < 50 ms`, me.p99 < 50],
      ["no errors", results.every((r) => r.errors === 0)],
    ];
    for (const [what, ok] of checks) console.log(`${ok ? "MET " : "MISS"} ${what}`);
  } finally {
    await client.end().catch(() => undefined);
    await app.stop();
    plain.stop();
    await database.drop();
  }
}

await main();
