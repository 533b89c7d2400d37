import pg from "pg";
import type { ExclusiveRunner } from "@/server/services/dns-automation/dns-provider";

export interface PgSessionLockOptions {
  connectionString: string;
  /** The hashtext() input of the one-key advisory lock (infra/db/locks.ts sessionLocks). */
  key: string;
  /** Shown in pg_stat_activity, so an operator can see who holds or waits for the lock. */
  applicationName: string;
  /** How long a caller waits for another process's holder before giving up (lock_timeout). */
  waitTimeoutMs: number;
}

/**
 * Work that must run one at a time across every process, without holding a
 * pooled connection or a transaction open while it runs (the DNS automation
 * pass talks to Cloudflare for as long as it takes): a session-level advisory
 * lock on a connection of its own, opened for the run and closed after it.
 * Session locks are re-entrant within one session, and each run has its own
 * session, so runs inside this process are queued here as well.
 * If the connection drops mid-run PostgreSQL releases the lock; the run goes
 * on and its result is still written (the next run corrects any overlap).
 */
export class PgSessionLock implements ExclusiveRunner {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PgSessionLockOptions) {}

  runExclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(
      () => this.locked(work),
      () => this.locked(work),
    );
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async locked<T>(work: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: this.options.applicationName });
    // A dropped connection must not crash the process; the lock is gone with it and the run finishes anyway.
    client.on("error", () => undefined);
    await client.connect();
    try {
      await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(this.options.waitTimeoutMs))}`);
      await client.query("SELECT pg_advisory_lock(hashtext($1))", [this.options.key]);
      try {
        return await work();
      } finally {
        await client.query("SELECT pg_advisory_unlock(hashtext($1))", [this.options.key]).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
