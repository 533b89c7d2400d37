import type { Db } from "@/server/infra/db/client";
import type { Logger } from "@/server/observability/logger";

/**
 * What every use case receives from the composition root: one pool, one
 * logger, the clock (tests pin it). Each area adds what it needs in its own
 * deps type (auth/auth-deps.ts, jobs/job-queue-deps.ts, clusters/cluster-job-deps.ts, …),
 * so this file depends on no area.
 */
export interface ServiceDeps {
  db: Db;
  log: Logger;
  now: () => Date;
}

/** The request's origin, recorded on sessions and audit events. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}
