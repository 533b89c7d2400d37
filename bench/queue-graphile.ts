import { Logger, makeWorkerUtils, run } from "graphile-worker";
import { enqueuedAtOf } from "./queue-ours";
import type { QueueUnderTest } from "./queue-harness";

// graphile-worker logs every job at info level; the benchmark prints its own table.
const quiet = new Logger(() => () => undefined);

/**
 * graphile-worker: addJob() per job; one run() per worker, each with `concurrency` (at most its pool's
 * 10 connections, which graphile-worker asks for) and default poll (LISTEN/NOTIFY wakes it).
 */
export async function createGraphileQueue(url: string, workers: number, concurrency: number): Promise<QueueUnderTest> {
  const utils = await makeWorkerUtils({ connectionString: url, logger: quiet });
  await utils.migrate();

  return {
    name: "graphile-worker 0.17.3 (LISTEN/NOTIFY)",
    async enqueue(enqueuedAt) {
      await utils.addJob("noop", { t: enqueuedAt });
    },
    async startWorkers(onStart) {
      const runners = await Promise.all(
        Array.from({ length: workers }, () =>
          run({
            connectionString: url,
            concurrency,
            noHandleSignals: true,
            logger: quiet,
            taskList: { noop: async (payload) => onStart(enqueuedAtOf(payload)) },
          }),
        ),
      );
      return async () => {
        await Promise.all(runners.map((runner) => runner.stop()));
      };
    },
    async close() {
      await utils.release();
      // graphile-worker removes its pools' error listeners and then calls pool.end() without waiting
      // for it; dropping the database in that window raised an 'error' event nobody listened to and
      // killed the benchmark. Give the connections a moment to close. (Handing graphile-worker our own
      // pool instead avoids the race, but in one run it drained 1 233 instead of 2 997 jobs/s, so it keeps its own pools.)
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
  };
}
