import type { Prisma } from "@/server/infra/db/client";
import type { JobStore } from "./job-store";
import type { JobWakeups } from "./job-wakeups";

/** What a use case that enqueues cluster jobs needs besides the shared deps. */
export interface JobQueueDeps {
  /** The cluster job queue (rows in `cluster_jobs`); enqueue inside the caller's transaction. */
  jobs: JobStore<Prisma.TransactionClient>;
  /** Announces a committed job to runners (in memory in single-node mode, RabbitMQ otherwise). */
  wakeups: JobWakeups;
}
