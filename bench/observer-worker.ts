import type pg from "pg";
import { hostClusterSettings } from "@e2e/env/host-platform";
import type { KubeCluster } from "@e2e/env/kube-cluster";
import { waitFor } from "@e2e/env/wait-for";
import { spawnWorker, type WorkerProcess } from "@e2e/env/worker-process";
import { readDbWrites, STATS_FLUSH_MS, writesBetween, type WritesDelta } from "./db-writes";
import { descendantRunning, processUsage, type ProcessUsage } from "./process-usage";
import type { ChurnCounts } from "./stand-in-nodes";

// The node observer as the product runs it in multi-node mode: `tsx worker/main.ts` (npm run worker), a
// job-processing process with every loop of job-processing.ts, here polling for jobs (no RabbitMQ).

export interface ObserverWorker {
  worker: WorkerProcess;
  /** The worker's own node process (not tsx's launcher). */
  pid: number;
  usage(): ProcessUsage;
  /** Distinct warn/error messages the worker logged, with how often: a run with surprises says so. */
  complaints(): string[];
  stop(): Promise<void>;
}

export async function startObserverWorker(opts: { kube: KubeCluster; databaseUrl: string; id: string }): Promise<ObserverWorker> {
  const worker = spawnWorker({
    DATABASE_URL: opts.databaseUrl,
    ...hostClusterSettings(opts.kube),
    KUBEBYON_WORKER_ID: opts.id,
    KUBEBYON_LOG_LEVEL: "info",
    NODE_ENV: "production",
  });
  let pid: number;
  try {
    await worker.waitForLog("worker ready", 120_000);
    pid = descendantRunning(worker.child.pid!, "worker/main.ts");
  } catch (error) {
    await worker.kill();
    throw error;
  }
  return {
    worker,
    pid,
    usage: () => processUsage(pid),
    complaints: () => {
      const seen = new Map<string, { n: number; error: unknown }>();
      for (const line of worker.lines) {
        if (line.level !== "warn" && line.level !== "error") continue;
        const key = `${line.level}: ${line.msg}`;
        seen.set(key, { n: (seen.get(key)?.n ?? 0) + 1, error: seen.get(key)?.error ?? line.error });
      }
      return [...seen].map(([msg, { n, error }]) => `${msg} (×${n}${error ? `, first: ${String(error).slice(0, 300)}` : ""})`);
    },
    stop: async () => {
      worker.child.kill("SIGTERM");
      const exited = await Promise.race([worker.exited, new Promise<null>((r) => setTimeout(() => r(null), 20_000))]);
      if (exited === null) await worker.kill();
    },
  };
}

/** Waits until the observer has recorded `count` live `nodes` rows (every cluster's first list); returns the wait in ms. */
export async function waitForNodeRows(worker: ObserverWorker, client: pg.Client, count: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const live = async () => Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM nodes WHERE deleted_at IS NULL")).rows[0]!.n);
  await waitFor(`${count} live nodes rows`, live, (n) => n >= count, timeoutMs).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the worker logged: ${worker.complaints().join("; ") || "no warnings"}`);
  });
  return Date.now() - started;
}

export interface Window {
  seconds: number;
  /** CPU seconds of the worker during the window. */
  cpuSeconds: number;
  /** The same plus the statistics' flush delay after it: what the window's work cost once it has caught up. */
  cpuSecondsWithTail: number;
  secondsWithTail: number;
  /** At the end of the window. */
  rssBytes: number;
  /** Row writes of the window, read once PostgreSQL has published them. */
  writes: WritesDelta;
  churn?: ChurnCounts;
}

/** The worker over `seconds` with `work` running (if given), then until PostgreSQL's statistics show the window's writes. */
export async function measureWindow(worker: ObserverWorker, client: pg.Client, seconds: number, work?: () => { stop(): Promise<ChurnCounts> }): Promise<Window> {
  const writesBefore = await readDbWrites(client);
  const before = worker.usage();
  const started = Date.now();
  const running = work?.();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const churn = await running?.stop();
  const atEnd = worker.usage();
  const elapsed = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
  const afterTail = worker.usage();
  const writes = writesBetween(writesBefore, await readDbWrites(client));
  return {
    seconds: elapsed,
    cpuSeconds: atEnd.cpuSeconds - before.cpuSeconds,
    cpuSecondsWithTail: afterTail.cpuSeconds - before.cpuSeconds,
    secondsWithTail: (Date.now() - started) / 1000,
    rssBytes: atEnd.rssBytes,
    writes,
    churn,
  };
}
