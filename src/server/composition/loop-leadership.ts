import { sessionLocks } from "@/server/infra/db/locks";
import { PgAdvisoryClaims } from "@/server/infra/db/pg-advisory-claims";
import type { Logger } from "@/server/observability/logger";

/**
 * Which job-processing process runs a platform-wide periodic loop (the DNS check, the DNS
 * automation pass): every worker starts the loop, and at each tick only the leader works, so
 * N workers do not resolve every hostname or list the Cloudflare zone N times per interval.
 * The first process to ask becomes the leader and stays it while its database session lives;
 * when that process stops or loses its connection, PostgreSQL frees the lock and another
 * process takes the lead at its next tick.
 */
export interface LoopLeadership {
  leads(): Promise<boolean>;
  close(): Promise<void>;
}

export function loopLeadership(databaseUrl: string, loop: string, owner: string, log: Logger): LoopLeadership {
  const claims = new PgAdvisoryClaims({
    connectionString: databaseUrl,
    lockClass: sessionLocks.loopLeadershipClass,
    applicationName: `kubebyon ${loop} leader (${owner})`,
  });
  claims.onLost((error) => log.warn("lost the lead of a periodic loop; another process takes it over at its next tick", { loop, error: error.message }));
  return {
    leads: () =>
      claims.tryClaim(loop).catch((error: unknown) => {
        log.warn("could not ask for the lead of a periodic loop; skipping this tick", { loop, error: error instanceof Error ? error.message : String(error) });
        return false;
      }),
    close: () => claims.close(),
  };
}
