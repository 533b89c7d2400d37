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
  if (samples.length === 0) return { p50: Number.NaN, p99: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
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
 * the time from worker start to the last handler start.
 */
export async function benchmarkQueue(queue: QueueUnderTest, options: BenchOptions): Promise<QueueResult> {
  const steadySamples: number[] = [];
  let stopWorkers = await queue.startWorkers((t) => steadySamples.push(Date.now() - t));
  for (let i = 0; i < options.steadyJobs; i += 1) {
    await queue.enqueue(Date.now());
    await sleep(options.steadyGapMs);
  }
  await waitForCount(() => steadySamples.length, options.steadyJobs, 30_000);
  await stopWorkers();

  const enqueueStart = Date.now();
  await enqueueMany(queue, options.jobs, options.enqueueConcurrency);
  const enqueueMs = Date.now() - enqueueStart;

  const backlogSamples: number[] = [];
  let lastStart = 0;
  const drainStart = Date.now();
  stopWorkers = await queue.startWorkers((t) => {
    lastStart = Date.now();
    backlogSamples.push(lastStart - t);
  });
  const complete = await waitForCount(() => backlogSamples.length, options.jobs, options.maxDrainMs);
  const drainMs = (complete ? lastStart : Date.now()) - drainStart;
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
