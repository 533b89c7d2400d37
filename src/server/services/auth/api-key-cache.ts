import type { Viewer } from "@/server/domain/auth/viewer";

/**
 * Changes to credentials made by any process, as the database announces them (a trigger on users and
 * api_keys: prisma/migrations/20261206000200_credential_change_notifications). The feed is "live" while it is
 * connected; changes made while it is not are lost, so the cache serves nothing then.
 */
export interface CredentialChangeFeed {
  start(handlers: { onChange(userId: string): void; onLive(live: boolean): void }): void;
  close(): Promise<void>;
}

export interface CachedApiKey {
  keyId: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  viewer: Viewer;
}

interface Entry extends CachedApiKey {
  cachedAt: number;
}

export interface ApiKeyCacheOptions {
  /** How long an owner lookup is reused (KUBEBYON_API_KEY_CACHE_SECONDS); 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  feed: CredentialChangeFeed;
  nowMs?: () => number;
}

/**
 * API key hash → its owner, for a few seconds, so an authenticated request costs no database round trip.
 * Safe because every revocation is heard: the feed's announcement drops the user's entries in this process
 * the moment the change commits, and a lookup that raced with a change is not stored (the generation check).
 * The feed is started on first use, so processes that never authenticate a key hold no listening connection.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private started = false;
  private live = false;
  private generation = 0;
  private readonly nowMs: () => number;

  constructor(private readonly opts: ApiKeyCacheOptions) {
    this.nowMs = opts.nowMs ?? Date.now;
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  /** A fresh entry for this key hash, or undefined (not cached, stale, or the feed is not live). */
  get(keyHash: string): CachedApiKey | undefined {
    if (!this.enabled) return undefined;
    this.startFeed();
    if (!this.live) return undefined;
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (this.nowMs() - entry.cachedAt >= this.opts.ttlMs) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry;
  }

  /** Pass the generation read before the database lookup: an entry read before a change it raced is dropped. */
  currentGeneration(): number {
    return this.generation;
  }

  set(keyHash: string, value: CachedApiKey, readAtGeneration: number): void {
    if (!this.enabled || !this.live || readAtGeneration !== this.generation) return;
    if (this.entries.size >= this.opts.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(keyHash, { ...value, cachedAt: this.nowMs() });
  }

  /** Records a touch of last_used_at made on a cache hit, so the next hit does not write again. */
  touched(keyHash: string, at: Date): void {
    const entry = this.entries.get(keyHash);
    if (entry) entry.lastUsedAt = at;
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.viewer.id === userId) this.entries.delete(hash);
  }

  async close(): Promise<void> {
    this.live = false;
    this.entries.clear();
    if (this.started) await this.opts.feed.close();
  }

  private startFeed(): void {
    if (this.started) return;
    this.started = true;
    this.opts.feed.start({
      onChange: (userId) => this.forgetUser(userId),
      onLive: (live) => {
        // Whatever was cached before a drop may have missed an announcement; start empty either way.
        this.generation++;
        this.entries.clear();
        this.live = live;
      },
    });
  }
}
