import pg from "pg";
import type { ObserverClaims } from "@/server/services/nodes/ports";

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
 * ObserverClaims as session-level advisory locks on one dedicated connection
 * (a pooled connection would hand the session, and its locks, to someone
 * else). If that connection drops, PostgreSQL releases every lock at once;
 * the listeners hear about it and the next tryClaim opens a new session.
 * Two cluster ids whose hashes collide land in the same process (advisory
 * locks are re-entrant per session), which only means one process watches both.
 */
export class PgAdvisoryClaims implements ObserverClaims {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly held = new Set<string>();
  private readonly listeners: Array<(error: Error) => void> = [];
  private closed = false;

  constructor(private readonly options: PgAdvisoryClaimsOptions) {}

  async tryClaim(clusterId: string): Promise<boolean> {
    if (this.held.has(clusterId)) return true;
    const client = await this.session();
    const result = await client.query<{ claimed: boolean }>("SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS claimed", [
      this.options.lockClass,
      clusterId,
    ]);
    const claimed = result.rows[0]?.claimed === true;
    if (claimed) this.held.add(clusterId);
    return claimed;
  }

  async release(clusterId: string): Promise<void> {
    if (!this.held.delete(clusterId) || !this.client) return;
    await this.client.query("SELECT pg_advisory_unlock($1::int, hashtext($2))", [this.options.lockClass, clusterId]);
  }

  onLost(listener: (error: Error) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async session(): Promise<pg.Client> {
    if (this.closed) throw new Error("observer claims are closed");
    if (this.client) return this.client;
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: this.options.applicationName });
    client.on("error", (error: Error) => this.lose(client, error));
    client.on("end", () => this.lose(client, new Error("the database session holding the observer claims ended")));
    await client.connect();
    this.client = client;
    return client;
  }

  private lose(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.held.clear();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    for (const listener of this.listeners) listener(error);
  }
}
