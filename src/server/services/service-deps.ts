import type { Db, Prisma } from "@/server/infra/db/client";
import type { Logger } from "@/server/observability/logger";
import type { PasswordHasher } from "@/server/services/auth/ports";
import type { JobStore } from "@/server/services/jobs/job-store";
import type { JobWakeups } from "@/server/services/jobs/job-wakeups";

/**
 * What use cases receive from the composition root. Built once per process
 * (web, worker, tests) so everything shares one pool and one logger; tests
 * pass a real database and may pin the clock.
 */
export interface ServiceDeps {
  db: Db;
  log: Logger;
  hasher: PasswordHasher;
  now: () => Date;
  /** Absolute session lifetime from login (KUBEBYON_SESSION_TTL_HOURS). */
  sessionTtlHours: number;
  /** Idle timeout: a session not seen for this long ends (KUBEBYON_SESSION_IDLE_TIMEOUT_MINUTES). */
  sessionIdleMinutes: number;
  /** The cluster job queue (rows in `cluster_jobs`); enqueue inside the caller's transaction. */
  jobs: JobStore<Prisma.TransactionClient>;
  /** Announces a committed job to runners (in memory in single-node mode, RabbitMQ otherwise). */
  wakeups: JobWakeups;
}

/** The request's origin, recorded on sessions and audit events. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}
