import type { readOAuthClients, readSmtpSettings } from "./read-system-settings";

const CACHE_MS = 30_000;

/** One value read at most every 30 s (or again when the clock went backwards). */
class TimedValue<T> {
  private cached: { at: number; value: T } | undefined;

  async get(now: Date, load: () => Promise<T>): Promise<T> {
    const at = now.getTime();
    const c = this.cached;
    if (c && at - c.at <= CACHE_MS && at >= c.at) return c.value;
    const value = await load();
    this.cached = { at, value };
    return value;
  }

  clear(): void {
    this.cached = undefined;
  }
}

/**
 * Stored settings read on hot paths — next-auth's options on every /api/auth
 * request and the login page (OAuth apps), the mailer on every send (SMTP) —
 * at most every 30 s per process; a save in this process clears them at once.
 * One per process, owned by the runtime: Next.js gives route handlers and pages
 * their own copy of each module, so module-level state would go stale.
 */
export class StoredSettingsCache {
  readonly oauthClients = new TimedValue<Awaited<ReturnType<typeof readOAuthClients>>>();
  readonly smtp = new TimedValue<Awaited<ReturnType<typeof readSmtpSettings>>>();

  forget(): void {
    this.oauthClients.clear();
    this.smtp.clear();
  }
}

export interface SettingsCacheDeps {
  settingsCache: StoredSettingsCache;
}
