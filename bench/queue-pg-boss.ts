import PgBoss from "pg-boss";
import { enqueuedAtOf } from "./queue-ours";
import type { QueueUnderTest } from "./queue-harness";

const queueName = "bench-noop";
// The shortest interval pg-boss 10 accepts (its attorney rejects anything below 500 ms).
const pollingIntervalSeconds = 0.5;

export interface PgBossOptions {
  url: string;
  /** Separate work() loops: pg-boss 10's way to add pollers ("each call to work() adds a new polling worker"). */
  workers: number;
  /**
   * Jobs of a fetched batch that the handler runs at once. pg-boss 10 dropped teamSize/teamConcurrency;
   * its author's advice is a batch handler that runs the jobs itself (Promise.allSettled / p-map).
   */
  concurrency: number;
  /** Jobs per fetch (`batchSize`). */
  batchSize: number;
  /**
   * After every fetch pg-boss 10's Worker sleeps out the rest of its polling interval, even when the
   * batch came back full, so one loop does at most batchSize jobs per 0.5 s. notifyWorker(id) is its
   * documented way to skip that sleep once; calling it after a full batch makes the loop drain a
   * backlog back to back and poll only when the queue runs dry.
   */
  refetchWhenFull: boolean;
}

/** Runs fn over items, at most `limit` at a time (what p-map does for pg-boss batch handlers). */
async function runLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** pg-boss 10: send() per job; `workers` work() loops, each fetching `batchSize` jobs per poll. */
export async function createPgBossQueue(options: PgBossOptions): Promise<QueueUnderTest> {
  const { workers, concurrency, batchSize, refetchWhenFull } = options;
  const boss = new PgBoss({ connectionString: options.url, supervise: false, schedule: false });
  boss.on("error", (error) => console.error("pg-boss error:", error.message));
  await boss.start();
  await boss.createQueue(queueName);

  const refetch = refetchWhenFull ? ", notifyWorker when full" : "";
  return {
    name: `pg-boss 10.4.2 (batch ${batchSize}, poll ${pollingIntervalSeconds} s${refetch})`,
    async enqueue(enqueuedAt) {
      await boss.send(queueName, { t: enqueuedAt });
    },
    async startWorkers(onStart) {
      const ids: string[] = [];
      for (let i = 0; i < workers; i += 1) {
        // The loop's id is known once work() resolves, which is before its first fetch can return.
        const loop: { id?: string } = {};
        loop.id = await boss.work(queueName, { batchSize, pollingIntervalSeconds }, async (jobs) => {
          await runLimited(jobs, concurrency, async (job) => onStart(enqueuedAtOf(job.data)));
          if (refetchWhenFull && loop.id && jobs.length === batchSize) boss.notifyWorker(loop.id);
        });
        ids.push(loop.id);
      }
      return async () => {
        await Promise.all(ids.map((id) => boss.offWork({ id })));
      };
    },
    async close() {
      await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
    },
  };
}
