// Node benchmark (issue 16): one ready cluster whose stand-in vCluster apiserver holds 1 000 Node objects posted as
// kubelets post them. (1) The node observer as the product runs it (`worker/main.ts`, its own process): the cost of
// recording the first list, of an idle window, and of status churn — CPU time and database row writes per status
// update. (2) `GET /api/console/nodes?cluster_id=…` pages through `next start` with an API key (autocannon), at the
// API's default limit and at its maximum, first and continued pages.
// `npm run bench:nodes -- --nodes 200 --window 10 --duration 5` for a quicker run.
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { startAppServer } from "@e2e/env/app-server";
import { hostClusterSettings } from "@e2e/env/host-platform";
import { startKubeCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster } from "@e2e/env/ready-cluster";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@/server/api/routers/page-input";
import { generateApiKey } from "@/server/domain/auth/api-key-format";
import { newId } from "@/server/domain/ids";
import { createPrismaClient } from "@/server/infra/db/client";
import { describeWrites, readDbWrites, STATS_FLUSH_MS, writesBetween } from "./db-writes";
import { measureWindow, startObserverWorker, waitForNodeRows } from "./observer-worker";
import { driveLoad, type LoadFigures } from "./load";
import { positiveInt } from "./positive-int";
import { postStandInNodes, startChurn, type StandInNodes } from "./stand-in-nodes";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "1000" },
    window: { type: "string", default: "30" },
    "churn-rate": { type: "string", default: "20" },
    "flip-every": { type: "string", default: "50" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    // Only the observer half: no `next start` (and no build), e.g. to compare observer changes quickly.
    "skip-pages": { type: "boolean", default: false },
  },
});

const nodeCount = positiveInt("nodes", values.nodes);
const windowS = positiveInt("window", values.window);
const churnRate = positiveInt("churn-rate", values["churn-rate"]);
const flipEvery = positiveInt("flip-every", values["flip-every"]);
const duration = positiveInt("duration", values.duration);
const connections = positiveInt("connections", values.connections);

const PAGE_P99_TARGET_MS = 300;

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function main(): Promise<void> {
  console.log(`bench:nodes — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(`${nodeCount} nodes in one stand-in vCluster; observer windows of ${windowS} s (+${STATS_FLUSH_MS / 1000} s for PostgreSQL's statistics), churn ${churnRate} status posts/s with every ${flipEvery}th post of a node flipping Ready; pages with autocannon, ${connections} connections, ${duration} s after a 2 s warm-up`);
  const kube = await startKubeCluster();
  const database = await createTestDatabase("bench_nodes");
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  const stops: Array<() => Promise<unknown>> = [];
  try {
    await client.connect();
    const ownerId = newId("usr");
    await db.user.create({ data: { id: ownerId, email: `${ownerId}@bench.example.test`, name: "bench" } });
    const key = generateApiKey();
    await db.apiKey.create({ data: { id: newId("key"), userId: ownerId, name: "bench", prefix: key.prefix, keyHash: key.hash } });
    const ready = await provisionReadyCluster({ kube, db, ownerId, name: "bench-nodes" });
    stops.push(() => ready.close());

    let started = Date.now();
    const nodes: StandInNodes = await postStandInNodes(ready.vc.kubeConfig(), { count: nodeCount, prefix: "node" });
    console.log(`posted ${nodeCount} Nodes (register + status) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // (1) The observer.
    const writesBeforeStart = await readDbWrites(client);
    started = Date.now();
    const worker = await startObserverWorker({ kube, databaseUrl: database.url, id: "bench-nodes" });
    stops.push(() => worker.stop());
    const atReady = worker.usage();
    const baselineMs = await waitForNodeRows(worker, client, nodeCount, 300_000);
    await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
    const afterBaseline = worker.usage();
    const baselineWrites = writesBetween(writesBeforeStart, await readDbWrites(client));
    console.log(`worker up in ${((Date.now() - started - baselineMs - STATS_FLUSH_MS) / 1000).toFixed(1)} s (${atReady.cpuSeconds.toFixed(1)} CPU s, RSS ${mib(atReady.rssBytes)} MiB); first list of ${nodeCount} recorded ${(baselineMs / 1000).toFixed(1)} s later: ${(afterBaseline.cpuSeconds - atReady.cpuSeconds).toFixed(2)} CPU s, rows ${describeWrites(baselineWrites)}`);

    const idle = await measureWindow(worker, client, windowS);
    console.log(`idle: ${((idle.cpuSeconds / idle.seconds) * 100).toFixed(1)}% of a core, RSS ${mib(idle.rssBytes)} MiB, rows ${describeWrites(idle.writes)}`);
    const eventsBefore = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM node_events")).rows[0]!.n);
    const churn = await measureWindow(worker, client, windowS, () => startChurn([nodes], { perSecond: churnRate, flipEvery }));
    const counts = churn.churn!;
    const eventsRecorded = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM node_events")).rows[0]!.n) - eventsBefore;
    const extraCpu = churn.cpuSecondsWithTail - (idle.cpuSecondsWithTail * churn.secondsWithTail) / idle.secondsWithTail;
    const extraRows = churn.writes.rows - (idle.writes.rows * churn.secondsWithTail) / idle.secondsWithTail;
    const nodeRowWrites = churn.writes.tables.filter((t) => t.table === "nodes").reduce((s, t) => s + t.inserted + t.updated, 0);
    console.log(`churn: ${counts.updates} status posts (${counts.readyFlips} Ready flips, ${counts.errors} errors), ${((churn.cpuSeconds / churn.seconds) * 100).toFixed(1)}% of a core, RSS ${mib(churn.rssBytes)} MiB, rows ${describeWrites(churn.writes)}, ${eventsRecorded} node events`);

    const printObserver = () => {
      console.log(`\n### Observer, ${nodeCount} nodes in one cluster (worker process)`);
      console.log("| window | status posts | CPU (share of a core) | RSS MiB | rows written | node events |");
      console.log("|---|---|---|---|---|---|");
      console.log(`| first list | ${nodeCount} nodes | ${(afterBaseline.cpuSeconds - atReady.cpuSeconds).toFixed(2)} CPU s in ${(baselineMs / 1000).toFixed(1)} s | ${mib(afterBaseline.rssBytes)} | ${baselineWrites.rows} (${describeWrites(baselineWrites)}) | |`);
      console.log(`| idle ${idle.seconds.toFixed(0)} s | 0 | ${((idle.cpuSeconds / idle.seconds) * 100).toFixed(1)}% | ${mib(idle.rssBytes)} | ${idle.writes.rows} (${describeWrites(idle.writes)}) | |`);
      console.log(`| churn ${churn.seconds.toFixed(0)} s | ${counts.updates} (${counts.readyFlips} flips) | ${((churn.cpuSeconds / churn.seconds) * 100).toFixed(1)}% | ${mib(churn.rssBytes)} | ${churn.writes.rows} (${describeWrites(churn.writes)}) | ${eventsRecorded} |`);
      const perUpdateMs = (extraCpu * 1000) / Math.max(counts.updates, 1);
      console.log(`\nper status update (churn minus idle): ${perUpdateMs.toFixed(2)} ms CPU, ${(extraRows / Math.max(counts.updates, 1)).toFixed(2)} rows written (nodes rows ${(nodeRowWrites / Math.max(counts.updates, 1)).toFixed(2)})`);
    };
    const flipsRecorded: [string, boolean] = [`every Ready flip recorded as one node event: ${eventsRecorded} events for ${counts.readyFlips} flips`, eventsRecorded === counts.readyFlips];
    const report = (checks: Array<[string, boolean]>) => {
      console.log(`worker warnings: ${worker.complaints().join("; ") || "none"}`);
      console.log("");
      for (const [what, ok] of checks) console.log(`${ok ? "MET " : "MISS"} ${what}`);
    };

    if (values["skip-pages"]) {
      printObserver();
      report([flipsRecorded, ["no status post refused", counts.errors === 0]]);
      return;
    }
    // (2) Pages, with the worker still holding the observer claim, so the web process's own observer stays idle.
    const app = await startAppServer({ databaseUrl: database.url, env: hostClusterSettings(kube) });
    stops.push(() => app.stop());
    const base = `${app.url}/api/console/nodes?cluster_id=${ready.clusterId}`;
    const first = await fetch(`${base}&limit=${PAGE_LIMIT_MAX}`, { headers: { authorization: `Bearer ${key.key}` } });
    if (!first.ok) throw new Error(`GET /nodes answered ${first.status}: ${await first.text()}`);
    const cursor = ((await first.json()) as { next_cursor: string | null }).next_cursor;
    if (!cursor) throw new Error(`the node list ended on its first page of ${PAGE_LIMIT_MAX}; post more nodes`);
    // A whole list walked page by page, as the console's table or a client script would.
    const walks: number[] = [];
    for (let w = 0; w < 5; w++) {
      const t0 = performance.now();
      let next: string | null = null;
      let seen = 0;
      do {
        const res: Response = await fetch(`${base}&limit=${PAGE_LIMIT_MAX}${next ? `&cursor=${encodeURIComponent(next)}` : ""}`, { headers: { authorization: `Bearer ${key.key}` } });
        const page = (await res.json()) as { items: unknown[]; next_cursor: string | null };
        seen += page.items.length;
        next = page.next_cursor;
      } while (next);
      if (seen !== nodeCount) throw new Error(`a walk saw ${seen} nodes, expected ${nodeCount}`);
      walks.push(performance.now() - t0);
    }
    const targets = [
      { name: `first page, limit ${PAGE_LIMIT_DEFAULT} (default)`, url: base },
      { name: `first page, limit ${PAGE_LIMIT_MAX} (max)`, url: `${base}&limit=${PAGE_LIMIT_MAX}` },
      { name: `second page, limit ${PAGE_LIMIT_MAX} (continue token)`, url: `${base}&limit=${PAGE_LIMIT_MAX}&cursor=${encodeURIComponent(cursor)}` },
    ];
    const pages: LoadFigures[] = [];
    for (const target of targets) {
      await driveLoad({ ...target, token: key.key }, connections, 2);
      const figures = await driveLoad({ ...target, token: key.key }, connections, duration);
      pages.push(figures);
      console.log(`  GET /nodes ${figures.name}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors ? `, ${figures.errors} errors` : ""}`);
    }

    printObserver();
    console.log(`\n### GET /api/console/nodes?cluster_id=…, ${nodeCount} nodes (next start, API key)`);
    console.log("| request | req/s | p50 ms | p99 ms | bytes/response |");
    console.log("|---|---|---|---|---|");
    for (const p of pages) console.log(`| ${p.name} | ${p.rps.toFixed(0)} | ${p.p50} | ${p.p99} | ${p.bytes.toFixed(0)} |`);
    const walkSorted = [...walks].sort((a, b) => a - b);
    console.log(`whole list, ${Math.ceil(nodeCount / PAGE_LIMIT_MAX)} pages of ${PAGE_LIMIT_MAX} one after another: median ${walkSorted[2]!.toFixed(0)} ms, worst ${walkSorted[4]!.toFixed(0)} ms (5 walks)`);

    const checks: Array<[string, boolean]> = [
      ...pages.map((p): [string, boolean] => [`GET /nodes ${p.name}: p99 ${p.p99} ms < ${PAGE_P99_TARGET_MS} ms`, p.p99 < PAGE_P99_TARGET_MS]),
      flipsRecorded,
      ["no errors", pages.every((p) => p.errors === 0) && counts.errors === 0],
    ];
    report(checks);
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
    await client.end().catch(() => undefined);
    await db.$disconnect();
    await database.drop();
    await kube.stop();
  }
}

await main();
