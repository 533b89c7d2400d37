/** What every queue under test offers the harness: enqueue a no-op job and run workers on it. */
export interface QueueUnderTest {
  name: string;
  /** The payload carries the enqueue time so every system measures latency the same way. */
  enqueue(enqueuedAt: number): Promise<void>;
  /** Starts the workers; onStart runs at the top of each handler. Resolves to a stop function. */
  startWorkers(onStart: (enqueuedAt: number) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface BenchOptions {
  jobs: number;
  workers: number;
  enqueueConcurrency: number;
  steadyJobs: number;
  steadyGapMs: number;
  maxDrainMs: number;
}

export interface Percentiles {
  p50: number;
  p99: number;
}

export interface QueueResult {
  name: string;
  enqueuePerSec: number;
  drained: number;
  drainMs: number;
  jobsPerSec: number;
  backlog: Percentiles;
  steady: Percentiles;
  /** Set when the drain hit maxDrainMs before every job ran. */
  capped: boolean;
}

export function percentiles(samples: number[]): Percentiles {
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) };
}

/** Nearest-rank quantile (q in (0, 1]); NaN without samples. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function enqueueMany(queue: QueueUnderTest, count: number, concurrency: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      await queue.enqueue(Date.now());
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}

/** Resolves once `count()` reaches `target` or `timeoutMs` passes; true when the target was reached. */
async function waitForCount(count: () => number, target: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (count() < target) {
    if (Date.now() >= deadline) return false;
    await sleep(5);
  }
  return true;
}

/**
 * Phase 1 (steady): workers idle on an empty queue, jobs arrive one every
 * steadyGapMs; latency here is pickup delay. Phase 2 (backlog): N jobs are
 * enqueued with no workers, then the workers drain them; jobs/s is N over
 * the time from the workers being ready (startWorkers resolved, or the first
 * handler start if that came sooner) to the last handler start.
 */
export async function benchmarkQueue(queue: QueueUnderTest, options: BenchOptions): Promise<QueueResult> {
  const steadySamples: number[] = [];
  const backlogSamples: number[] = [];
  let firstStart = Number.POSITIVE_INFINITY;
  let lastStart = 0;
  // A job counts for the phase it was enqueued in, whichever workers start it: pg-boss's offWork()
  // returns while a fetch is still on its way, and that fetch can take a job of the next phase.
  let backlogFrom = Number.POSITIVE_INFINITY;
  const onStart = (enqueuedAt: number) => {
    const now = Date.now();
    if (enqueuedAt < backlogFrom) {
      steadySamples.push(now - enqueuedAt);
      return;
    }
    firstStart = Math.min(firstStart, now);
    lastStart = now;
    backlogSamples.push(now - enqueuedAt);
  };

  let stopWorkers = await queue.startWorkers(onStart);
  for (let i = 0; i < options.steadyJobs; i += 1) {
    await queue.enqueue(Date.now());
    await sleep(options.steadyGapMs);
  }
  await waitForCount(() => steadySamples.length, options.steadyJobs, 30_000);
  await stopWorkers();

  const enqueueStart = Date.now();
  backlogFrom = enqueueStart;
  await enqueueMany(queue, options.jobs, options.enqueueConcurrency);
  const enqueueMs = Date.now() - enqueueStart;

  // Starting workers is not draining: graphile-worker's run() connects a new pool and LISTENs first, while
  // ours and pg-boss reuse the pool that enqueued. A job that starts before startWorkers resolves starts the clock.
  firstStart = Number.POSITIVE_INFINITY;
  stopWorkers = await queue.startWorkers(onStart);
  const drainStart = Math.min(Date.now(), firstStart);
  const complete = await waitForCount(() => backlogSamples.length, options.jobs, options.maxDrainMs);
  // At least 1 ms, so a drain that fits in one clock tick still gives a finite rate.
  const drainMs = Math.max(1, (complete ? lastStart : Date.now()) - drainStart);
  const drained = backlogSamples.length;
  await stopWorkers();

  return {
    name: queue.name,
    enqueuePerSec: (options.jobs / enqueueMs) * 1000,
    drained,
    drainMs,
    jobsPerSec: (drained / drainMs) * 1000,
    backlog: percentiles(backlogSamples),
    steady: percentiles(steadySamples),
    capped: !complete,
  };
}
