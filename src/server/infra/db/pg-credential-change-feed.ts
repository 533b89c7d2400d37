import pg from "pg";
import type { Logger } from "@/server/observability/logger";
import type { CredentialChangeFeed } from "@/server/services/auth/api-key-cache";

/** The channel the credential-change trigger announces on (migration 20261206000200). */
export const CREDENTIAL_CHANGES_CHANNEL = "kubebyon_credential_changes";

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * LISTENs on a connection of its own (a pooled one would be handed to other queries). A dropped connection
 * makes the feed not live at once and is reopened with backoff; the cache starts empty when it is back.
 */
export class PgCredentialChangeFeed implements CredentialChangeFeed {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private delayMs = RETRY_MIN_MS;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: Logger,
  ) {}

  start(handlers: { onChange(userId: string): void; onLive(live: boolean): void }): void {
    void this.connect(handlers);
  }

  private async connect(handlers: { onChange(userId: string): void; onLive(live: boolean): void }): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, application_name: "kubebyon credential changes" });
    this.client = client;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      handlers.onLive(false);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn("the credential-change feed is down; API key lookups go to the database until it is back", {
        error: error instanceof Error ? error.message : String(error),
        retry_in_ms: this.delayMs,
      });
      // eslint-disable-next-line kubebyon/no-background-loops -- a reconnect after the connection dropped, not periodic work
      this.retry = setTimeout(() => void this.connect(handlers), this.delayMs);
      this.retry.unref();
      this.delayMs = Math.min(this.delayMs * 2, RETRY_MAX_MS);
    };
    client.on("error", fail);
    client.on("end", () => fail(new Error("connection ended")));
    client.on("notification", (msg) => {
      if (msg.channel === CREDENTIAL_CHANGES_CHANNEL && msg.payload) handlers.onChange(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CREDENTIAL_CHANGES_CHANNEL}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (failed || this.closed) return;
    this.delayMs = RETRY_MIN_MS;
    handlers.onLive(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }
}
