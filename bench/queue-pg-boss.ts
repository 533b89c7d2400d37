import PgBoss from "pg-boss";
import { enqueuedAtOf } from "./queue-ours";
import type { QueueUnderTest } from "./queue-harness";

const queueName = "bench-noop";
// pg-boss refuses anything below 0.5 s.
const pollingIntervalSeconds = 0.5;

/** pg-boss 10: send() per job; `workers` separate work() loops with batchSize 1. */
export async function createPgBossQueue(url: string, workers: number): Promise<QueueUnderTest> {
  const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false });
  boss.on("error", (error) => console.error("pg-boss error:", error.message));
  await boss.start();
  await boss.createQueue(queueName);

  return {
    name: `pg-boss 10.4.2 (batch 1, poll ${pollingIntervalSeconds} s)`,
    async enqueue(enqueuedAt) {
      await boss.send(queueName, { t: enqueuedAt });
    },
    async startWorkers(onStart) {
      const ids: string[] = [];
      for (let i = 0; i < workers; i += 1) {
        ids.push(
          await boss.work(queueName, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
            for (const job of jobs) onStart(enqueuedAtOf(job.data));
          }),
        );
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
