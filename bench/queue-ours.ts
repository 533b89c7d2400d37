import { insertTestCluster } from "@/server/infra/db/prisma-job-store.test-fixtures";
import { createPrismaClient } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { JobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { InProcessJobWakeups } from "@/server/services/jobs/in-process-job-wakeups";
import { JobRunner } from "@/server/services/jobs/job-runner";
import type { QueueUnderTest } from "./queue-harness";

export const benchJobKind = "bench.noop";

export interface OursOptions {
  url: string;
  workers: number;
  /** Jobs each runner runs at once (JobRunner's `concurrency`). */
  concurrency: number;
  pollIntervalMs: number;
  /** In-process wake-ups: enqueue announces the job id to the runners (single-node mode). */
  wakeups: boolean;
}

export function enqueuedAtOf(payload: unknown): number {
  const t = (payload as { t?: unknown } | null)?.t;
  if (typeof t !== "number") throw new Error(`benchmark job payload has no numeric 't': ${JSON.stringify(payload)}`);
  return t;
}

/**
 * cluster_jobs + PrismaJobStore + JobRunner: one runner per worker with distinct owners, all sharing
 * one Prisma client and so one pg pool (10 connections), as the runners of one process do.
 */
export async function createOursQueue(options: OursOptions): Promise<QueueUnderTest> {
  const db = createPrismaClient(options.url);
  const store = new PrismaJobStore(db);
  const { clusterId } = await insertTestCluster(db);
  const wakeups = options.wakeups ? new InProcessJobWakeups() : undefined;
  let round = 0;

  return {
    name: options.wakeups ? `ours (poll ${options.pollIntervalMs} ms + wake-ups)` : `ours (poll ${options.pollIntervalMs} ms)`,
    async enqueue(enqueuedAt) {
      const job = await store.enqueue({ clusterId, kind: benchJobKind, payload: { t: enqueuedAt } });
      await wakeups?.publish(job.id);
    },
    async startWorkers(onStart) {
      round += 1;
      const registry = new JobHandlerRegistry({ [benchJobKind]: async (job) => onStart(enqueuedAtOf(job.payload)) });
      const runners = Array.from(
        { length: options.workers },
        (_, i) =>
          new JobRunner({
            store,
            registry,
            wakeups,
            owner: `bench-${round}-${i}`,
            leaseMs: 30_000,
            pollIntervalMs: options.pollIntervalMs,
            concurrency: options.concurrency,
          }),
      );
      await Promise.all(runners.map((r) => r.start()));
      return async () => {
        await Promise.all(runners.map((r) => r.stop()));
      };
    },
    async close() {
      await wakeups?.close();
      await db.$disconnect();
    },
  };
}
