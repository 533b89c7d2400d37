// Spawned by queue-crash.ts: leases jobs, announces them, then hangs until SIGKILLed.
import { createPrismaClient } from "@/server/infra/db/client";
import { PrismaJobStore } from "@/server/infra/db/prisma-job-store";
import { JobHandlerRegistry } from "@/server/services/jobs/handler-registry";
import { JobRunner } from "@/server/services/jobs/job-runner";
import { benchJobKind } from "./queue-ours";

const [url, leaseMs, concurrency] = process.argv.slice(2);
if (!url || !leaseMs || !concurrency) {
  console.error("usage: queue-crash-child.ts <database-url> <lease-ms> <concurrency>");
  process.exit(2);
}

const db = createPrismaClient(url);
const registry = new JobHandlerRegistry({
  [benchJobKind]: (job) => {
    console.log(`leased ${job.id}`);
    return new Promise<void>(() => undefined);
  },
});
await new JobRunner({
  store: new PrismaJobStore(db),
  registry,
  owner: "bench-crash-child",
  leaseMs: Number(leaseMs),
  pollIntervalMs: 50,
  concurrency: Number(concurrency),
}).start();
