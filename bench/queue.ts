// Queue benchmark: our cluster_jobs queue vs pg-boss and graphile-worker, each on a fresh database
// on the same PostgreSQL server, at each --concurrency level per worker. Run with
// `npm run bench:queue -- --jobs 500 --max-drain-s 20` for a smoke run.
import os from "node:os";
import { parseArgs } from "node:util";
import { createTestDatabase } from "@e2e/env/postgres";
import { measureCrashRecovery } from "./queue-crash";
import { createGraphileQueue } from "./queue-graphile";
import { benchmarkQueue, type BenchOptions, type QueueUnderTest } from "./queue-harness";
import { createOursQueue } from "./queue-ours";
import { createPgBossQueue } from "./queue-pg-boss";
import { printTable, type LabelledResult } from "./queue-table";
import { positiveInt } from "./positive-int";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "20000" },
    workers: { type: "string", default: "4" },
    // Jobs each worker runs at once; one table per level. Comma-separated.
    concurrency: { type: "string", default: "1,10" },
    // Jobs per pg-boss fetch. pg-boss runs at most this many per worker per 0.5 s poll unless notified.
    "pgboss-batch": { type: "string", default: "10" },
    "steady-jobs": { type: "string", default: "200" },
    "steady-gap-ms": { type: "string", default: "20" },
    "max-drain-s": { type: "string", default: "60" },
    "poll-ms": { type: "string", default: "50" },
    "lease-ms": { type: "string", default: "5000" },
    // Comma-separated subset of ours,ours_wake,pgboss,pgboss_notify,graphile,crash; all by default.
    only: { type: "string", default: "ours,ours_wake,pgboss,pgboss_notify,graphile,crash" },
  },
});


const options: BenchOptions = {
  jobs: positiveInt("jobs", values.jobs),
  workers: positiveInt("workers", values.workers),
  enqueueConcurrency: 8,
  steadyJobs: positiveInt("steady-jobs", values["steady-jobs"]),
  steadyGapMs: positiveInt("steady-gap-ms", values["steady-gap-ms"]),
  maxDrainMs: positiveInt("max-drain-s", values["max-drain-s"]) * 1000,
};
const concurrencyLevels = [...new Set((values.concurrency ?? "").split(",").map((s) => positiveInt("concurrency", s.trim())))];
const pgBossBatch = positiveInt("pgboss-batch", values["pgboss-batch"]);
const pollMs = positiveInt("poll-ms", values["poll-ms"]);
const leaseMs = positiveInt("lease-ms", values["lease-ms"]);
const selected = new Set((values.only ?? "").split(",").map((s) => s.trim()));

async function onFreshDatabase<T>(label: string, migrate: boolean, fn: (url: string) => Promise<T>): Promise<T> {
  const db = await createTestDatabase(`bench_${label}`, { migrate });
  try {
    return await fn(db.url);
  } finally {
    await db.drop();
  }
}

async function bench(label: string, migrate: boolean, make: (url: string) => Promise<QueueUnderTest>): Promise<LabelledResult> {
  return onFreshDatabase(label, migrate, async (url) => {
    const queue = await make(url);
    try {
      process.stdout.write(`running ${queue.name} ... `);
      const result = await benchmarkQueue(queue, options);
      console.log(`${result.drained} jobs in ${(result.drainMs / 1000).toFixed(1)} s`);
      return { label, result };
    } finally {
      await queue.close();
    }
  });
}

type System = [label: string, ours: boolean, make: (url: string) => Promise<QueueUnderTest>];

/** Every system at `c` jobs at once per worker, `--workers` workers each. */
function systemsAt(c: number): System[] {
  const w = options.workers;
  const pgBoss = { workers: w, concurrency: c, batchSize: pgBossBatch };
  // `ours` systems need our migrations; the others install their own schema.
  return [
    ["ours", true, (url) => createOursQueue({ url, workers: w, concurrency: c, pollIntervalMs: pollMs, wakeups: false })],
    ["ours_wake", true, (url) => createOursQueue({ url, workers: w, concurrency: c, pollIntervalMs: pollMs, wakeups: true })],
    ["pgboss", false, (url) => createPgBossQueue({ url, ...pgBoss, refetchWhenFull: false })],
    ["pgboss_notify", false, (url) => createPgBossQueue({ url, ...pgBoss, refetchWhenFull: true })],
    ["graphile", false, (url) => createGraphileQueue(url, w, c)],
  ];
}

async function benchLevel(c: number): Promise<void> {
  console.log(`\nconcurrency ${c} per worker (${options.workers} workers, ${options.workers * c} jobs at once in all):`);
  const results: LabelledResult[] = [];
  for (const [label, ours, make] of systemsAt(c)) {
    if (!selected.has(label)) continue;
    try {
      results.push(await bench(label, ours, make));
    } catch (error) {
      // Ours failing is a bug to see; a competitor failing (e.g. its schema install) is reported and skipped.
      if (ours) throw error;
      console.log(`\n${label} could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log("");
  printTable(results, options.maxDrainMs);
}

async function main(): Promise<void> {
  console.log(
    `queue benchmark: ${options.jobs} no-op jobs, ${options.workers} workers at concurrency ${concurrencyLevels.join(" and ")} ` +
      `each, idle-latency phase ${options.steadyJobs} jobs every ${options.steadyGapMs} ms; ` +
      `node ${process.version}, ${os.cpus().length} cores`,
  );
  for (const c of concurrencyLevels) await benchLevel(c);
  if (!selected.has("crash")) return;

  const crash = await onFreshDatabase("crash", true, (url) => measureCrashRecovery(url, options.workers, leaseMs));
  console.log(
    `\ncrash recovery (ours): ${crash.jobs} jobs leased by a child runner (lease ${crash.leaseMs} ms, renewed every ` +
      `${Math.floor(crash.leaseMs / 3)} ms), child SIGKILLed; jobs started in the surviving runner after ` +
      `${crash.minMs}-${crash.maxMs} ms.`,
  );
  console.log(
    "graphile-worker: a crashed worker's jobs keep locked_at and are only retaken after 4 h (not measured). " +
      "pg-boss 10: an active job is retried only after its expireIn (default 15 min) once maintenance sees it (not measured).",
  );
}

await main();
