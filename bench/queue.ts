// Queue benchmark: our cluster_jobs queue vs pg-boss and graphile-worker, each on a fresh database
// on the same PostgreSQL server. Run with `npm run bench:queue -- --jobs 500` for a smoke run.
import os from "node:os";
import { parseArgs } from "node:util";
import { createTestDatabase } from "@e2e/env/postgres";
import { measureCrashRecovery } from "./queue-crash";
import { createGraphileQueue } from "./queue-graphile";
import { benchmarkQueue, type BenchOptions, type QueueResult, type QueueUnderTest } from "./queue-harness";
import { createOursQueue } from "./queue-ours";
import { createPgBossQueue } from "./queue-pg-boss";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "20000" },
    workers: { type: "string", default: "4" },
    "steady-jobs": { type: "string", default: "200" },
    "steady-gap-ms": { type: "string", default: "20" },
    "max-drain-s": { type: "string", default: "60" },
    "poll-ms": { type: "string", default: "50" },
    "lease-ms": { type: "string", default: "5000" },
    // Comma-separated subset of ours,ours_wake,pgboss,graphile,crash; all by default.
    only: { type: "string", default: "ours,ours_wake,pgboss,graphile,crash" },
  },
});

function positiveInt(name: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer (got '${raw}')`);
  return n;
}

const options: BenchOptions = {
  jobs: positiveInt("jobs", values.jobs),
  workers: positiveInt("workers", values.workers),
  enqueueConcurrency: 8,
  steadyJobs: positiveInt("steady-jobs", values["steady-jobs"]),
  steadyGapMs: positiveInt("steady-gap-ms", values["steady-gap-ms"]),
  maxDrainMs: positiveInt("max-drain-s", values["max-drain-s"]) * 1000,
};
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

async function bench(label: string, migrate: boolean, make: (url: string) => Promise<QueueUnderTest>) {
  return onFreshDatabase(label, migrate, async (url) => {
    const queue = await make(url);
    try {
      process.stdout.write(`running ${queue.name} ... `);
      const result = await benchmarkQueue(queue, options);
      console.log(`${result.drained} jobs in ${(result.drainMs / 1000).toFixed(1)} s`);
      return result;
    } finally {
      await queue.close();
    }
  });
}

const ms = (n: number) => (Number.isNaN(n) ? "-" : `${Math.round(n)}`);

function printTable(results: QueueResult[]): void {
  // Ratios are against ours polling without wake-ups; absent when it was not run (--only).
  const ours = results.find((r) => r.name.startsWith("ours (poll") && !r.name.includes("wake-ups"));
  const rows = results.map((r) => [
    r.name,
    `${Math.round(r.enqueuePerSec)}`,
    `${r.drained}${r.capped ? ` (cap ${options.maxDrainMs / 1000} s)` : ""}`,
    r.jobsPerSec.toFixed(1),
    ours && r !== ours ? `${(ours.jobsPerSec / r.jobsPerSec).toFixed(2)}x` : "",
    `${ms(r.steady.p50)} / ${ms(r.steady.p99)}`,
    ours && r !== ours ? `${(ours.steady.p50 / r.steady.p50).toFixed(2)}x` : "",
    `${ms(r.backlog.p50)} / ${ms(r.backlog.p99)}`,
  ]);
  const header = ["queue", "enqueue/s", "drained", "jobs/s", "jobs/s ours(poll)/theirs", "idle p50/p99 ms", "p50 ours(poll)/theirs", "backlog p50/p99 ms"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  console.log(
    `queue benchmark: ${options.jobs} no-op jobs, ${options.workers} workers (concurrency 1 each), ` +
      `idle-latency phase ${options.steadyJobs} jobs every ${options.steadyGapMs} ms; ` +
      `node ${process.version}, ${os.cpus().length} cores`,
  );
  const results: QueueResult[] = [];
  const w = options.workers;
  // `ours` systems need our migrations; the others install their own schema.
  const systems: [label: string, ours: boolean, make: (url: string) => Promise<QueueUnderTest>][] = [
    ["ours", true, (url) => createOursQueue({ url, workers: w, pollIntervalMs: pollMs, wakeups: false })],
    ["ours_wake", true, (url) => createOursQueue({ url, workers: w, pollIntervalMs: pollMs, wakeups: true })],
    ["pgboss", false, (url) => createPgBossQueue(url, w)],
    ["graphile", false, (url) => createGraphileQueue(url, w)],
  ];
  for (const [label, ours, make] of systems) {
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
  printTable(results);
  if (!selected.has("crash")) return;

  const crash = await onFreshDatabase("crash", true, (url) => measureCrashRecovery(url, w, leaseMs));
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
