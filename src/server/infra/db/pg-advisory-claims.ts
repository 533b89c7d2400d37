import pg from "pg";
import type { LeaderClaims } from "@/server/services/background/leader-claims";
import type { ObserverClaims } from "@/server/services/nodes/ports";

/**
 * One dedicated PostgreSQL session per process that holds every session-level advisory claim the process makes (the
 * node observer's clusters, the leader tasks), so a process shows one claims connection in pg_stat_activity however
 * many kinds of claims it holds. A pooled connection would hand the session, and its locks, to someone else. If the
 * session drops, PostgreSQL releases every lock at once; each claims view hears about it and the next tryClaim opens
 * a new session.
 */
export class PgAdvisorySession {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly listeners: Array<(error: Error) => void> = [];
  /** One statement at a time on the session: every task and the observer claim through it (pg 9 will refuse overlap). */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** `applicationName` is shown in pg_stat_activity, so an operator can see who holds the claims. */
  constructor(private readonly options: { connectionString: string; applicationName: string }) {}

  /** The claims of one kind: `lockClass` is the first key of PostgreSQL's two-key advisory locks. */
  claims(lockClass: number): PgAdvisoryClaims {
    return new PgAdvisoryClaims(this, lockClass, { ownsSession: false });
  }

  query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    const run = async () => {
      const client = await this.session();
      return (await client.query<Row>(text, values)).rows;
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Whether a session is open now (a claim made on it still holds). */
  isOpen(): boolean {
    return this.client !== null;
  }

  onLost(listener: (error: Error) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async session(): Promise<pg.Client> {
    if (this.closed) throw new Error("the advisory claims session is closed");
    if (this.client) return this.client;
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: this.options.applicationName });
    client.on("error", (error: Error) => this.lose(client, error));
    client.on("end", () => this.lose(client, new Error("the database session holding the advisory claims ended")));
    await client.connect();
    this.client = client;
    return client;
  }

  private lose(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    for (const listener of this.listeners) listener(error);
  }
}

export interface PgAdvisoryClaimsOptions {
  connectionString: string;
  /**
   * The first key of PostgreSQL's two-key advisory locks: it separates one
   * kind of claim from another (and from the migration lock, which uses the
   * single-bigint key space).
   */
  lockClass: number;
  /** Shown in pg_stat_activity, so an operator can see who holds the claims. */
  applicationName: string;
}

/**
 * ObserverClaims and LeaderClaims as session-level advisory locks of one class on a PgAdvisorySession (its own, when
 * built from options; the process's shared one, from PgAdvisorySession.claims). Two keys whose hashes collide land in
 * the same process (advisory locks are re-entrant per session), which only means one process holds both.
 */
export class PgAdvisoryClaims implements ObserverClaims, LeaderClaims {
  private readonly session: PgAdvisorySession;
  private readonly lockClass: number;
  private readonly ownsSession: boolean;
  private readonly held = new Set<string>();
  private closed = false;

  constructor(options: PgAdvisoryClaimsOptions);
  constructor(session: PgAdvisorySession, lockClass: number, flags: { ownsSession: false });
  constructor(sessionOrOptions: PgAdvisorySession | PgAdvisoryClaimsOptions, lockClass?: number, flags?: { ownsSession: false }) {
    if (sessionOrOptions instanceof PgAdvisorySession) {
      this.session = sessionOrOptions;
      this.lockClass = lockClass ?? 0;
      this.ownsSession = flags?.ownsSession ?? false;
    } else {
      this.session = new PgAdvisorySession(sessionOrOptions);
      this.lockClass = sessionOrOptions.lockClass;
      this.ownsSession = true;
    }
    // Every lock of the session is gone with it, ours included.
    this.session.onLost(() => this.held.clear());
  }

  async tryClaim(key: string): Promise<boolean> {
    if (this.closed) throw new Error("these advisory claims are closed");
    if (this.held.has(key) && this.session.isOpen()) return true;
    this.held.delete(key);
    const rows = await this.session.query<{ claimed: boolean }>("SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS claimed", [this.lockClass, key]);
    const claimed = rows[0]?.claimed === true;
    if (claimed) this.held.add(key);
    return claimed;
  }

  async release(key: string): Promise<void> {
    if (!this.held.delete(key) || !this.session.isOpen()) return;
    await this.session.query("SELECT pg_advisory_unlock($1::int, hashtext($2))", [this.lockClass, key]);
  }

  onLost(listener: (error: Error) => void): void {
    this.session.onLost((error) => {
      if (!this.closed) listener(error);
    });
  }

  /** Gives up this class's claims (the whole session when it is this view's own). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const keys = [...this.held];
    this.held.clear();
    if (this.ownsSession) return this.session.close();
    if (!this.session.isOpen()) return;
    for (const key of keys) await this.session.query("SELECT pg_advisory_unlock($1::int, hashtext($2))", [this.lockClass, key]).catch(() => undefined);
  }
}
