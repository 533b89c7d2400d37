// Node observer scale benchmark (issue 16): one job-processing process (`worker/main.ts`, as `npm run worker` runs
// it) observing 0, 1, 10 and 20 stand-in vClusters — each a real kube-apiserver with its own kubelets posting status
// on a fixed heartbeat — with CPU, RSS, open descriptors and row writes per level, a least-squares line per tracked
// cluster, and its extrapolation to 1 000 clusters / 10 000 nodes against one core and 1 GiB.
// `npm run bench:observer -- --clusters 1,3 --window 10` for a quicker run.
import { readdirSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { startKubeCluster, type VirtualCluster } from "@e2e/env/kube-cluster";
import { createTestDatabase } from "@e2e/env/postgres";
import { provisionReadyCluster, type ReadyCluster } from "@e2e/env/ready-cluster";
import { newId } from "@/server/domain/ids";
import { createPrismaClient } from "@/server/infra/db/client";
import { describeWrites } from "./db-writes";
import { measureWindow, startObserverWorker, waitForNodeRows, type Window } from "./observer-worker";
import { positiveInt } from "./positive-int";
import { findProcess, processUsage } from "./process-usage";
import { inParallel, postStandInNodes, startChurn, type StandInNodes } from "./stand-in-nodes";

const { values } = parseArgs({
  options: {
    clusters: { type: "string", default: "1,10,20" },
    "nodes-per-cluster": { type: "string", default: "10" },
    "heartbeat-s": { type: "string", default: "10" },
    "flip-every": { type: "string", default: "30" },
    window: { type: "string", default: "30" },
    "target-clusters": { type: "string", default: "1000" },
  },
});

const levels = (values.clusters ?? "").split(",").map((v) => positiveInt("clusters", v.trim()));
const perCluster = positiveInt("nodes-per-cluster", values["nodes-per-cluster"]);
const heartbeatS = positiveInt("heartbeat-s", values["heartbeat-s"]);
const flipEvery = positiveInt("flip-every", values["flip-every"]);
const windowS = positiveInt("window", values.window);
const targetClusters = positiveInt("target-clusters", values["target-clusters"]);
const maxClusters = Math.max(...levels);

const TARGET_CORES = 1;
const TARGET_BYTES = 2 ** 30;

interface Level {
  clusters: number;
  window: Window;
  cpuShare: number;
  fds: number;
}

/** Least squares y = a + b·x. */
function fitLine(points: Array<[number, number]>): { a: number; b: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const b = sxx === 0 ? 0 : points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
  return { a: my - b * mx, b };
}

const mib = (bytes: number) => bytes / 2 ** 20;

function apiserverPid(vc: VirtualCluster): number {
  const port = new URL(vc.server).port;
  return findProcess(`kube-apiserver on port ${port}`, (args) => args[0]?.endsWith("kube-apiserver") === true && args.includes(`--secure-port=${port}`));
}

async function main(): Promise<void> {
  console.log(`bench:observer — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(`levels ${levels.join(", ")} clusters of ${perCluster} nodes; every node posts status every ${heartbeatS} s (every ${flipEvery}th post flips Ready); ${windowS} s windows`);
  const kube = await startKubeCluster();
  const database = await createTestDatabase("bench_observer");
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  const clusters: ReadyCluster[] = [];
  let stopWorker: (() => Promise<void>) | undefined;
  try {
    await client.connect();
    const ownerId = newId("usr");
    await db.user.create({ data: { id: ownerId, email: `${ownerId}@bench.example.test`, name: "bench" } });

    let started = Date.now();
    const first = await provisionReadyCluster({ kube, db, ownerId, name: "obs-1" });
    clusters.push(first);
    const oneApiserver = processUsage(apiserverPid(first.vc));
    console.log(`one stand-in vCluster (kube-apiserver on the shared etcd) up in ${((Date.now() - started) / 1000).toFixed(1)} s, RSS ${mib(oneApiserver.rssBytes).toFixed(0)} MiB: ${maxClusters} of them need about ${((mib(oneApiserver.rssBytes) * maxClusters) / 1024).toFixed(1)} GiB of ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
    started = Date.now();
    const names = Array.from({ length: maxClusters - 1 }, (_, i) => `obs-${i + 2}`);
    await inParallel(names, 3, async (name) => {
      clusters.push(await provisionReadyCluster({ kube, db, ownerId, name }));
    });
    clusters.sort((x, y) => Number(x.vclusterName.slice(4)) - Number(y.vclusterName.slice(4)));
    // Not observable until their level: the observer watches ready and updating clusters only.
    await db.cluster.updateMany({ where: { id: { in: clusters.map((c) => c.clusterId) } }, data: { status: "provisioning" } });
    const nodes: StandInNodes[] = [];
    for (const [i, c] of clusters.entries()) nodes.push(await postStandInNodes(c.vc.kubeConfig(), { count: perCluster, prefix: `c${i + 1}-node` }));
    const apiserverRss = clusters.reduce((s, c) => s + processUsage(apiserverPid(c.vc)).rssBytes, 0);
    console.log(`${maxClusters} clusters with ${perCluster} nodes each ready in ${((Date.now() - started) / 1000).toFixed(1)} s; their apiservers hold ${mib(apiserverRss).toFixed(0)} MiB RSS`);

    const worker = await startObserverWorker({ kube, databaseUrl: database.url, id: "bench-observer" });
    stopWorker = () => worker.stop();
    const fds = () => readdirSync(`/proc/${worker.pid}/fd`).length;
    const results: Level[] = [];
    const record = (clustersObserved: number, window: Window) => {
      const level = { clusters: clustersObserved, window, cpuShare: window.cpuSeconds / window.seconds, fds: fds() };
      results.push(level);
      const c = window.churn;
      console.log(`  ${clustersObserved} clusters: ${(level.cpuShare * 100).toFixed(1)}% of a core, RSS ${mib(window.rssBytes).toFixed(0)} MiB, ${level.fds} fds, ${c ? `${c.updates} status posts (${c.readyFlips} flips, ${c.errors} errors), ` : ""}rows ${describeWrites(window.writes)}`);
    };
    record(0, await measureWindow(worker, client, windowS));

    for (const level of levels) {
      const active = clusters.slice(0, level);
      await db.cluster.updateMany({ where: { id: { in: active.map((c) => c.clusterId) } }, data: { status: "ready" } });
      const waited = await waitForNodeRows(worker, client, level * perCluster, 120_000);
      console.log(`  (${level} clusters observed, first lists recorded ${(waited / 1000).toFixed(1)} s after they turned ready)`);
      // Past the first lists' burst before measuring the steady state.
      await new Promise((r) => setTimeout(r, 3_000));
      const rate = (level * perCluster) / heartbeatS;
      record(level, await measureWindow(worker, client, windowS, () => startChurn(nodes.slice(0, level), { perSecond: rate, flipEvery })));
    }

    const cpuLine = fitLine(results.map((r) => [r.clusters, r.cpuShare]));
    const rssLine = fitLine(results.map((r) => [r.clusters, mib(r.window.rssBytes)]));
    const fdLine = fitLine(results.map((r) => [r.clusters, r.fds]));
    console.log(`\n### One worker observing N stand-in vClusters, ${perCluster} nodes each, a status post per node every ${heartbeatS} s`);
    console.log("| clusters | nodes | status posts/s | CPU (share of a core) | RSS MiB | open fds | rows written per s |");
    console.log("|---|---|---|---|---|---|---|");
    for (const r of results) {
      const posts = r.window.churn ? (r.window.churn.updates / r.window.seconds).toFixed(1) : "0";
      console.log(`| ${r.clusters} | ${r.clusters * perCluster} | ${posts} | ${(r.cpuShare * 100).toFixed(1)}% | ${mib(r.window.rssBytes).toFixed(0)} | ${r.fds} | ${(r.window.writes.rows / r.window.secondsWithTail).toFixed(1)} |`);
    }
    const cpuAtTarget = cpuLine.a + cpuLine.b * targetClusters;
    const rssAtTarget = rssLine.a + rssLine.b * targetClusters;
    console.log(`\nper tracked cluster: ${(cpuLine.b * 100).toFixed(2)}% of a core, ${rssLine.b.toFixed(2)} MiB RSS, ${fdLine.b.toFixed(2)} fds (intercept ${(cpuLine.a * 100).toFixed(1)}%, ${rssLine.a.toFixed(0)} MiB)`);
    console.log(`extrapolated to ${targetClusters} clusters / ${targetClusters * perCluster} nodes: ${cpuAtTarget.toFixed(2)} cores, ${(rssAtTarget / 1024).toFixed(2)} GiB RSS, ${(fdLine.a + fdLine.b * targetClusters).toFixed(0)} fds`);
    console.log(`worker warnings: ${worker.complaints().join("; ") || "none"}`);
    console.log("");
    console.log(`${cpuAtTarget < TARGET_CORES ? "MET " : "MISS"} CPU at ${targetClusters} clusters: ${cpuAtTarget.toFixed(2)} cores < ${TARGET_CORES} core`);
    console.log(`${rssAtTarget * 2 ** 20 < TARGET_BYTES ? "MET " : "MISS"} RSS at ${targetClusters} clusters: ${(rssAtTarget / 1024).toFixed(2)} GiB < 1 GiB`);
    console.log(`${results.every((r) => (r.window.churn?.errors ?? 0) === 0) ? "MET " : "MISS"} no status post refused`);
  } finally {
    await stopWorker?.().catch((error: unknown) => console.error(error));
    for (const c of clusters) await c.close().catch(() => undefined);
    await client.end().catch(() => undefined);
    await db.$disconnect();
    await database.drop();
    await kube.stop();
  }
}

await main();
